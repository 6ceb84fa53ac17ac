# Pins: the Hessian of x^4 is 12 x^2, with i64 and f64 exponents and as a product.
# EXPECT: 48.0
# EXPECT: 48.0
# EXPECT: 48.0
# EXPECT: 0.75
def main():
    print(hessian(lambda x: x ** 4)(2.0))
    print(hessian(lambda x: x ** 4.0)(2.0))
    print(hessian(lambda x: x * x * x * x)(2.0))
    print(hessian(lambda x: x ** 4)(0.25))
