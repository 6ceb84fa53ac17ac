# Pins: grad with a tuple of argnums returns a tuple of gradients in the order of argnums;
# a 1-tuple gives a 1-tuple.
# EXPECT: (12.0, 4.0)
# EXPECT: (4.0, 12.0)
# EXPECT: (12.0,)
# EXPECT: (12.0, 6.0)
def f(x, y):
    return x * x * y

def g(a, b, c):
    return a * b * c

def main():
    print(grad(f, argnums=(0, 1))(2.0, 3.0))
    print(grad(f, argnums=(1, 0))(2.0, 3.0))
    print(grad(f, argnums=(0,))(2.0, 3.0))
    print(grad(g, argnums=(0, 2))(2.0, 3.0, 4.0))
