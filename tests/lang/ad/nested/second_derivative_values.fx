# Pins: a stored second-derivative function value called several times, and grad of
# grad w.r.t. the second argument.
# EXPECT: 6.0 12.0 18.0
# EXPECT: 2.0
def cube(x):
    return x * x * x

def main():
    d2 = grad(grad(cube))
    print(d2(1.0), d2(2.0), d2(3.0))
    # f(x, y) = x y^2: d2f/dy2 = 2x
    print(grad(grad(lambda x, y: x * y * y, argnums=1), argnums=1)(1.0, 5.0))
