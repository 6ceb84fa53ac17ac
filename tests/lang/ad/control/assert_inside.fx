# Pins: an assert inside a differentiated function is checked on the primal and does not
# affect the derivative.
# EXPECT: 8.0
def f(x):
    assert x > 0.0, "x must be positive"
    y = x * x
    assert y >= 0.0, "square is non-negative"
    return 2.0 * y

def main():
    print(grad(f)(2.0))
