# Pins: `%` on i64 takes the sign of the divisor, as Python (not C's remainder).
# EXPECT: 1
# EXPECT: 2
# EXPECT: -2
# EXPECT: -1
# EXPECT: 0
# EXPECT: 0
def main():
    print(7 % 3)
    print(-7 % 3)
    print(7 % -3)
    print(-7 % -3)
    print(0 % 5)
    print(6 % 3)
