# Pins: astype(x, i64) of a float beyond the i64 range is a run-time error naming the value
# (NumPy would give an arbitrary integer).
# EXIT: 2
# STDERR: {file}:7:17: error: cannot convert 1e+300 to i64
def main():
    x = [1.0, 1e300]
    print(astype(x, i64))
