# Pins: int(x) truncates toward zero (LANGUAGE.md §2), and is the identity on i64.
# EXPECT: 3
# EXPECT: -3
# EXPECT: 0
# EXPECT: 0
# EXPECT: 7
# EXPECT: 10000000000
# EXPECT: 2500000000000000
def main():
    print(int(3.9))
    print(int(-3.9))
    print(int(0.5))
    print(int(-0.5))
    print(int(7))
    print(int(1e10))
    print(int(2.5e15))
