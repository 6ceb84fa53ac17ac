# Pins: underflow to zero and subnormal values print correctly.
# EXPECT: 0.0
# EXPECT: 5e-324
# EXPECT: 2.2250738585072014e-308
def main():
    print(1e-300 * 1e-300)
    print(5e-324 * 1.0)
    print(2.2250738585072014e-308)
