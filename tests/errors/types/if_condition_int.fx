# Pins: an if condition must be bool: an i64 condition is a type error at the condition,
# saying that bool was expected and i64 found.
# EXIT: 1
# STDERR: {file}:8:8: error:
# STDERR-RE: error: .*bool
# STDERR-RE: error: .*i64
def main():
    if 1:
        print("yes")
