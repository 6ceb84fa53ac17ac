# Pins: `//` on i64 floors toward negative infinity, as Python (not C truncation).
# EXPECT: 3
# EXPECT: -4
# EXPECT: -4
# EXPECT: 3
# EXPECT: 0
# EXPECT: 2
def main():
    print(7 // 2)
    print(-7 // 2)
    print(7 // -2)
    print(-7 // -2)
    print(0 // 5)
    print(6 // 3)
