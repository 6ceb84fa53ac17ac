# Pins: an assert condition must be bool: an i64 is a type error at the condition.
# EXIT: 1
# STDERR: {file}:7:12: error:
# STDERR-RE: error: .*bool
def main():
    n = 3
    assert n, "n must be non-zero"
    print(n)
