# Pins: f64 rounding is visible in the shortest round-trip output.
# EXPECT: 0.30000000000000004
# EXPECT: 0.09999999999999998
# EXPECT: 0.30000000000000004
# EXPECT: 0.9999999999999999
def main():
    print(0.1 + 0.2)
    print(1.0 - 0.9)
    print(0.1 * 3)
    s = 0.0
    for i in range(10):
        s += 0.1
    print(s)
