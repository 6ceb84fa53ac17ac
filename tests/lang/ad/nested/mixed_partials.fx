# Pins: mixed second partials by nesting grad with different argnums: f = x^2 y^3,
# d/dy (d/dx f) = 6 x y^2 = 6 * 2 * 1 = 12; the other order agrees.
# EXPECT: 12.0
# EXPECT: 12.0
def f(x, y):
    return x * x * y * y * y

def main():
    print(grad(grad(f, argnums=0), argnums=1)(2.0, 1.0))
    print(grad(grad(f, argnums=1), argnums=0)(2.0, 1.0))
