# Pins: hessian of a closure and w.r.t. a captured variable: f_a(x) = a x^3, f_a''(x) = 6 a x;
# d/da of that at x = 2 is 12.
# EXPECT: 36.0
# EXPECT: 12.0
def make(a):
    return lambda x: a * x * x * x

def main():
    print(hessian(make(3.0))(2.0))
    print(grad(lambda a: hessian(make(a))(2.0))(3.0))
