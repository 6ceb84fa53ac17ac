# Pins: a while condition must be bool: an f64 condition is a type error at the condition.
# EXIT: 1
# STDERR: {file}:8:11: error:
# STDERR-RE: error: .*bool
# STDERR-RE: error: .*f64
def main():
    x = 3.0
    while x:
        x = x - 1.0
