# Pins: d/dx x**y = y x**(y-1) and d/dy x**y = log(x) x**y, with i64 and f64 exponents.
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: -0.25
# EXPECT: True
# EXPECT: d/dx x**2.5 at 4 ok
# EXPECT: d/dy 2**y at 3 ok
# EXPECT: x**y at (2, 3): dx ok
# EXPECT: x**y at (2, 3): dy ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(lambda x: x ** 3)(2.0))
    print(grad(lambda x: x ** 3.0)(2.0))
    print(grad(lambda x: x ** -1)(2.0))
    print(grad(lambda x: x ** 2)(0.0) == 0.0)
    check("d/dx x**2.5 at 4", grad(lambda x: x ** 2.5)(4.0), 20.0)
    check("d/dy 2**y at 3", grad(lambda y: 2.0 ** y)(3.0), 5.545177444479562)
    g = grad(lambda x, y: x ** y, argnums=(0, 1))(2.0, 3.0)
    check("x**y at (2, 3): dx", g[0], 12.0)
    check("x**y at (2, 3): dy", g[1], 5.545177444479562)
