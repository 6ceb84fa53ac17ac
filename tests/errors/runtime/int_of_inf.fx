# Pins: int(inf) is a run-time error (no i64 value) at the call's `(`.
# spec-silent: Python raises OverflowError; C would be undefined behaviour.
# EXIT: 2
# STDERR: {file}:8:12: error:
# STDERR-RE: error: .*(?i:inf|overflow|range|convert)
def main():
    x = 1.0 / 0.0
    n = int(x)
    print(n)
