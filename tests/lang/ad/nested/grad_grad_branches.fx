# Pins: second derivatives through branches. The pullback of an `if` is one of its branches'
# pullbacks; expanded ahead of time, the derivative of the pullback dispatches on which one it
# holds (closure_is, docs/ad.md §10): (x^3)'' = 6x where x > 0, sin'' = -sin elsewhere.
# EXPECT: 12.0 0.8414709848078965
# EXPECT: 12.0
# EXPECT: -6.0 0.0
# EXPECT: 27.0
def f(x):
    return x * x * x if x > 0.0 else sin(x)

def g(x, k):
    if k == 0:
        return x * x
    elif k == 1:
        return -3.0 * x * x
    return 0.0 * x

def h(x):
    y = x
    if x > 1.0:
        y = y * x
    if x > 2.0:
        y = y * x
    return y * x * x

def main():
    print(grad(grad(f))(2.0), grad(grad(f))(-1.0))
    print(hessian(f)(2.0))
    print(grad(grad(lambda x: g(x, 1)))(5.0), derivative(derivative(lambda x: g(x, 2)))(5.0))
    print(derivative(grad(h))(1.5))
