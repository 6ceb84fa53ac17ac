# Pins: grad(grad(f)) is the second derivative: (x^4)'' = 12 x^2.
# EXPECT: 48.0
# EXPECT: 12.0
# EXPECT: -2.0
def main():
    print(grad(grad(lambda x: x ** 4))(2.0))
    print(grad(grad(lambda x: x * x * x))(2.0))
    print(grad(grad(lambda x: 3.0 * x - x * x))(7.0))
