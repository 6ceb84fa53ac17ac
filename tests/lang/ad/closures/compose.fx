# Pins: gradient through compose(f, g) = lambda x: f(g(x)) (LANGUAGE.md §4).
# EXPECT: 12.0
# EXPECT: sin . exp at 0 ok
# EXPECT: 24.0
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def compose(f, g):
    return lambda x: f(g(x))

def square(x):
    return x * x

def double(x):
    return 2.0 * x

def main():
    # square(2x) = 4 x^2, derivative 8x at 1.5
    print(grad(compose(square, double))(1.5))
    check("sin . exp at 0", grad(compose(sin, exp))(0.0), 0.5403023058681398)
    # compose(compose(double, square), double): 2 (2x)^2 = 8 x^2, derivative 16x at 1.5
    print(grad(compose(compose(double, square), double))(1.5))
