# Pins: three nested gradients with variables shared across levels.
# Innermost d/dz (x y z) = x y; then d/dy (x y) = x; then d/dx x = 1.
# Second: inner = x y; middle d/dy (y * x y) = 2 x y at y = 2 is 4x; outer d/dx (x * 4x) = 8x.
# EXPECT: 1.0
# EXPECT: 24.0
def main():
    print(grad(lambda x: grad(lambda y: grad(lambda z: x * y * z)(1.0))(1.0))(5.0))
    print(grad(lambda x: x * grad(lambda y: y * grad(lambda z: x * y * z)(1.0))(2.0))(3.0))
