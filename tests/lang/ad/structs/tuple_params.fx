# Pins: a tuple argument's gradient is a tuple of the same structure (nested too).
# EXPECT: (3.0, 2.0)
# EXPECT: ((3.0, 2.0), 1.0)
# EXPECT: (6.0, 4.0)
def main():
    print(grad(lambda t: t[0] * t[1])((2.0, 3.0)))
    print(grad(lambda t: t[0][0] * t[0][1] + t[1])(((2.0, 3.0), 5.0)))
    print(grad(lambda t: (lambda a, b: 2.0 * a * b)(t[0], t[1]))((2.0, 3.0)))
