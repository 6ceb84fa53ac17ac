# Pins: reverse over jvp with a captured variable: the tangent of y -> sin(y) x at y = x is
# cos(x) x; its derivative -sin(x) x + cos(x) is 1 at 0.
# EXPECT: 1.0
# EXPECT: 8.0
def main():
    print(grad(lambda x: jvp(lambda y: sin(y) * x, (x,), (1.0,))[1])(0.0))
    # jvp of x y^2 in direction (1, 0) at (x, x) is y^2 = x^2; derivative 2x at 4
    print(grad(lambda x: jvp(lambda a, b: a * b * b, (x, x), (1.0, 0.0))[1])(4.0))
