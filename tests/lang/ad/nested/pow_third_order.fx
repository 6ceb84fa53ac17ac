# Third derivatives of a ** 3 at a negative point: the exponent is a constant, so no order
# may differentiate through it (its log(a) is nan for a < 0).
# EXPECT: (-12.0, 6.0)
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: (12.0, -12.0)
def cube(a):
    return a ** 3

def power(a, n):
    return a ** n

def main():
    print(jvp(grad(grad(cube)), (-2.0,), (1.0,)))
    print(derivative(grad(grad(cube)))(-2.0))
    print(derivative(grad(grad(lambda a: power(a, 3))))(-2.0))
    print(jvp(grad(lambda a: power(a, 3)), (-2.0,), (1.0,)))
