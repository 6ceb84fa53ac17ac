# Pins: x // y is piecewise constant: zero derivative in both arguments.
# EXPECT: True
# EXPECT: True
# EXPECT: 3.0
def main():
    print(grad(lambda x: x // 2.0)(7.5) == 0.0)
    print(grad(lambda y: 7.5 // y, argnums=0)(2.0) == 0.0)
    print(grad(lambda x: x * (x // 2.0))(7.5))
