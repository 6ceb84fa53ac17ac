# Pins: an i64 tensor raised to a negative i64 power is a run-time error, as in NumPy
# (use a float base).
# EXIT: 2
# STDERR: {file}:7:18: error: integers cannot be raised to a negative power (1 ** -1); use a float base
def main():
    k = -1
    print([1, 2] ** k)
