# Pins: d/dx abs(x) = sign(x): -1 left of zero, 1 right of zero.
# EXPECT: -1.0
# EXPECT: 1.0
# EXPECT: -6.0
def main():
    print(grad(abs)(-2.5))
    print(grad(lambda x: abs(x))(3.0))
    # d/dx 2 abs(x^3) = 6 x^2 sign(x^3): -6 at x = -1.
    print(grad(lambda x: 2.0 * abs(x * x * x))(-1.0))
