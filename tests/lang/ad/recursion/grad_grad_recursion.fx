# Pins: grad(grad(f)) through recursion (LANGUAGE.md §6): power(x, 4)'' = 12 x^2.
# EXPECT: 48.0
# EXPECT: 48.0
# EXPECT: 48.0
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def p4(x):
    return power(x, 4)

def main():
    print(grad(grad(p4))(2.0))
    print(derivative(derivative(p4))(2.0))
    print(hessian(p4)(2.0))
