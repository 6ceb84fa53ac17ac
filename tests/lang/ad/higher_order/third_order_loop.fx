# Pins: third derivative through a loop: p(x) = x^6 by repeated multiplication:
# p''' = 120 x^3 = 120 at 1, 960 at 2.
# EXPECT: 120.0
# EXPECT: 960.0
# EXPECT: 960.0
def p6(x):
    p = 1.0
    for i in range(6):
        p = p * x
    return p

def main():
    print(grad(grad(grad(p6)))(1.0))
    print(grad(grad(grad(p6)))(2.0))
    print(derivative(hessian(p6))(2.0))
