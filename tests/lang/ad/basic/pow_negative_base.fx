# Pins: x**c with a negative base and a constant exponent differentiates w.r.t. x only: the
# exponent's log(x) term (nan for x < 0) must not leak into the result.
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: -4.0
def main():
    print(grad(lambda x: x ** 3.0)(-2.0))
    print(grad(lambda x: x ** 3)(-2.0))
    print(grad(lambda x: x ** 2.0)(-2.0))
