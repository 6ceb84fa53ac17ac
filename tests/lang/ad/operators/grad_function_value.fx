# Pins: grad(f) is a function value: bound to a name, called several times, passed around.
# EXPECT: 3.0 12.0 27.0
# EXPECT: 12.0
# EXPECT: (6.0, 12.0)
def cube(x):
    return x * x * x

def apply_at(g, x):
    return g(x)

def main():
    g = grad(cube)
    print(g(1.0), g(2.0), g(3.0))
    print(apply_at(grad(cube), 2.0))
    ops = (grad(lambda x: x * x), grad(cube))
    print((ops[0](3.0), ops[1](2.0)))
