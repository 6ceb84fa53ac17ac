# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# grad of grad(h, 1) with h called at (f64, f64) and at (tensor, f64): the second derivative
# of sum(x) * y ** 2 in y is 2 * sum(x). (It was rejected: "must return a scalar f64".)
# EXPECT: 4.0
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: 4.0
def main():
    h = lambda x, y: sum(x * y) * y
    print(grad(grad(h, 1), 1)(2.0, 3.0))
    print(grad(grad(h, 1), 1)([1.0, 2.0], 3.0))
    print(grad(lambda y: grad(h, 1)([1.0, 2.0], y))(3.0))
    print(grad(lambda y: grad(h, 1)(2.0, y))(3.0))
