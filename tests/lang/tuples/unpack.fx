# Pins: tuple unpacking `a, b = t` and `a, b, c = f()`.
# EXPECT: 1 2.5
# EXPECT: 3 4 5
def three():
    return (3, 4, 5)

def main():
    t = (1, 2.5)
    a, b = t
    print(a, b)
    x, y, z = three()
    print(x, y, z)
