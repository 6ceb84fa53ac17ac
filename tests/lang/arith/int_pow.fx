# Pins: `**` on two i64 (non-negative exponent) is exact integer power, an i64.
# EXPECT: 1024
# EXPECT: 1
# EXPECT: -8
# EXPECT: 1000000000000000000
# EXPECT: 1
# EXPECT: 9
def main():
    print(2 ** 10)
    print(3 ** 0)
    print((-2) ** 3)
    print(10 ** 18)
    print(0 ** 0)
    print((-3) ** 2)
