def newton_sqrt(a):
    x = a
    while abs(x * x - a) > 1e-12:
        x = 0.5 * (x + a / x)
    assert x >= 0.0, "sqrt is positive"
    return x
