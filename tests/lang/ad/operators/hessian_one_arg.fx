# Pins: the Hessian of a scalar function of one f64 is an f64 (its second derivative).
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: 48.0
# EXPECT: -2.0
def main():
    print(hessian(lambda x: x * x * x)(2.0))
    print(hessian(lambda x: x ** 4)(1.0))
    print(hessian(lambda x: x ** 4)(2.0))
    print(hessian(lambda x: 3.0 * x - x * x)(5.0))
