# Pins: Python operator precedence and associativity: * over +, ** right-associative and
# binding tighter than unary minus, - and / left-associative, * / // % at one level.
# EXPECT: 14
# EXPECT: 20
# EXPECT: 512
# EXPECT: -4
# EXPECT: 5
# EXPECT: 2.0
# EXPECT: 2
# EXPECT: 6
# EXPECT: -6
# EXPECT: -5
# EXPECT: 0.25
def main():
    print(2 + 3 * 4)
    print((2 + 3) * 4)
    print(2 ** 3 ** 2)
    print(-2 ** 2)
    print(10 - 3 - 2)
    print(100 / 10 / 5)
    print(2 * 3 % 4)
    print(7 // 2 * 2)
    print(2 * -3)
    print(-(2 + 3))
    print(2 ** -2.0)
