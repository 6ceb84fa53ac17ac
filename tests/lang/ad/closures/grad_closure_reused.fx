# Pins: a closure returned by a derivative operator used inside another derivative:
# g = grad(f) with f = x^3 gives g(x) x = 3 x^3, derivative 9 x^2.
# EXPECT: 36.0
# EXPECT: 36.0
# EXPECT: 12.0
def cube(x):
    return x * x * x

def main():
    g = grad(cube)
    print(grad(lambda x: g(x) * x)(2.0))
    print(derivative(lambda x: g(x) * x)(2.0))
    # d/dx 2 g(x) = 12 x at 1
    h = grad(cube)
    print(grad(lambda x: h(x) * 2.0)(1.0))
