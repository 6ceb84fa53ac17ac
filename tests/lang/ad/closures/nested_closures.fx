# Pins: closures returning closures (curried adders and multipliers), differentiated
# w.r.t. values captured at different depths. curry(a)(b)(x) = a b x:
# d/da = b x = 6 at b = 2, x = 3; d/db = a x = 3 at a = 1.
# EXPECT: 6.0
# EXPECT: 3.0
# EXPECT: 2.0
def curry(a):
    def with_b(b):
        def with_x(x):
            return a * b * x
        return with_x
    return with_b

def main():
    print(grad(lambda a: curry(a)(2.0)(3.0))(1.0))
    print(grad(lambda b: curry(1.0)(b)(3.0))(2.0))
    print(grad(lambda x: curry(1.0)(2.0)(x))(7.0))
