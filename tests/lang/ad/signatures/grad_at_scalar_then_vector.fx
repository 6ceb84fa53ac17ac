# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# grad(h, 1) of one lambda called at (f64, f64) and at (tensor, f64): each call
# differentiates the clone typed for its own arguments.
# EXPECT: 2.0
# EXPECT: 3.0
# EXPECT: 3.0
# EXPECT: [3.0, 3.0]
def main():
    h = lambda x, y: sum(x * y)
    print(grad(h, 1)(2.0, 3.0))
    print(grad(h, 1)([1.0, 2.0], 3.0))
    g = grad(h, 1)
    print(g(1.0, 7.0) + g(2.0, 7.0))
    print(grad(h, 0)([1.0, 2.0], 3.0))
