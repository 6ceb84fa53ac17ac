# Pins: forward over reverse: jvp(grad(f), (x,), (1,)) = (f'(x), f''(x)). f = x^3 at 2.
# EXPECT: (12.0, 12.0)
# EXPECT: (12.0, 24.0)
# EXPECT: 12.0
def cube(x):
    return x * x * x

def main():
    print(jvp(grad(cube), (2.0,), (1.0,)))
    print(jvp(grad(cube), (2.0,), (2.0,)))
    print(derivative(grad(cube))(2.0))
