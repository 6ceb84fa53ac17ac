# Pins: augmented assignment with every arithmetic operator on an i64 variable.
# EXPECT: 15
# EXPECT: 12
# EXPECT: 24
# EXPECT: 4
# EXPECT: 64
# EXPECT: 4
def main():
    x = 10
    x += 5
    print(x)
    x -= 3
    print(x)
    x *= 2
    print(x)
    x //= 5
    print(x)
    x **= 3
    print(x)
    x %= 10
    print(x)
