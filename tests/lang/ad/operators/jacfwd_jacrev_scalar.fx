# Pins: the Jacobian of f: f64 -> f64 is an f64, the same in forward and reverse mode.
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: 4.0
# EXPECT: 4.0
# EXPECT: True
def f(x):
    return x * x * x

def main():
    print(jacfwd(f)(2.0))
    print(jacrev(f)(2.0))
    print(jacfwd(lambda x, y: x * x * y, argnums=1)(2.0, 3.0))
    print(jacrev(lambda x, y: x * x * y, argnums=1)(2.0, 3.0))
    print(abs(jacrev(sin)(0.4) - jacfwd(sin)(0.4)) < 1e-15)
