# Pins: `//` and `%` on f64 follow Python: floor division, remainder with the divisor's sign.
# EXPECT: 3.0
# EXPECT: -4.0
# EXPECT: 1.5
# EXPECT: 0.5
# EXPECT: -0.5
# EXPECT: 3.0
def main():
    print(7.5 // 2.0)
    print(-7.5 // 2.0)
    print(7.5 % 2.0)
    print(-7.5 % 2.0)
    print(7.5 % -2.0)
    print(-7.5 // -2.0)
