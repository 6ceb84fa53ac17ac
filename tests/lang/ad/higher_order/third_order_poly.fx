# Pins: third derivatives of a polynomial with every combination of operators:
# (x^5)''' = 60 x^2 = 240 at 2.
# EXPECT: 240.0
# EXPECT: 240.0
# EXPECT: 240.0
# EXPECT: 240.0
# EXPECT: 240.0
def p5(x):
    return x ** 5

def main():
    print(grad(grad(grad(p5)))(2.0))
    print(derivative(derivative(derivative(p5)))(2.0))
    print(grad(derivative(grad(p5)))(2.0))
    print(derivative(hessian(p5))(2.0))
    print(grad(hessian(p5))(2.0))
