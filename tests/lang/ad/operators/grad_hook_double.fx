# Pins: a hook that doubles the cotangent doubles the gradient of everything upstream of the
# hooked value, and composes with the chain rule.
# EXPECT: 12.0
# EXPECT: 2.0
# EXPECT: 8.0
# EXPECT: 5.0
# EXPECT: 24.0
def double(g):
    return 2.0 * g

def main():
    # d/dx hook(x^2): the cotangent 1 of x^2 becomes 2, then times 2x.
    print(grad(lambda x: grad_hook(x * x, double))(3.0))
    print(grad(lambda x: sin(grad_hook(x, double)))(0.0))
    # Two hooks in sequence multiply: 2 * 2 * d/dx (x^2) at 1.
    print(grad(lambda x: grad_hook(grad_hook(x * x, double), double))(1.0))
    # z = hook(hook(x)); z * x at 1: the path through z gives 1 * 2 * 2, the direct use 1.
    print(grad(lambda x: grad_hook(grad_hook(x, double), double) * x)(1.0))
    # y = hook(x^2); 3 y^2: the cotangent 6y of y is doubled, then times 2x: 24 at x = 1.
    print(grad(lambda x: 3.0 * (lambda y: y * y)(grad_hook(x * x, double)))(1.0))
