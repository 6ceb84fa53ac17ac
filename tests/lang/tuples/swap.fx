# Pins: `a, b = b, a` swaps (the right side is built before any assignment).
# EXPECT: 2 1
# EXPECT: 3 1 2
def main():
    a = 1
    b = 2
    a, b = b, a
    print(a, b)
    x = 1
    y = 2
    z = 3
    x, y, z = z, x, y
    print(x, y, z)
