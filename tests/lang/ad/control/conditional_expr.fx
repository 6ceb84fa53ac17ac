# Pins: conditional expressions `a if c else b`, nested, differentiate the chosen operand.
# EXPECT: 6.0
# EXPECT: -1.0
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: 3.0
def f(x):
    return x * x if x > 0.0 else -x

def g(x):
    return x if x > 1.0 else (2.0 * x if x > 0.0 else 3.0 * x)

def main():
    print(grad(f)(3.0))
    print(grad(f)(-2.0))
    print(grad(g)(5.0))
    print(grad(g)(0.5))
    print(grad(g)(-0.5))
