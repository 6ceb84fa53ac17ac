# Pins: i64 arithmetic wraps on overflow (docs/ir.md "Arithmetic follows NumPy on scalars ...
# wrapping on overflow"); this deliberately differs from Python's big integers.
# EXPECT: 9223372036854775807
# EXPECT: -9223372036854775808
# EXPECT: -2
# EXPECT: 9223372036854775807
def main():
    big = 9223372036854775807
    print(big)
    print(big + 1)
    print(big * 2)
    print(big + 1 - 1)
