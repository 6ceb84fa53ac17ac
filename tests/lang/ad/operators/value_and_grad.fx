# Pins: value_and_grad returns (f(...), grad(f)(...)), also with a tuple of argnums.
# EXPECT: (12.0, 12.0)
# EXPECT: (12.0, 4.0)
# EXPECT: (12.0, (12.0, 4.0))
# EXPECT: 12.0 4.0
def f(x, y):
    return x * x * y

def main():
    print(value_and_grad(f)(2.0, 3.0))
    print(value_and_grad(f, argnums=1)(2.0, 3.0))
    print(value_and_grad(f, argnums=(0, 1))(2.0, 3.0))
    v, g = value_and_grad(f, argnums=1)(2.0, 3.0)
    print(v, g)
