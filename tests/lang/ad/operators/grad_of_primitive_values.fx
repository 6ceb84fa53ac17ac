# Pins: primitives are function values: they can be passed to derivative operators, stored in
# tuples and chosen at run time.
# EXPECT: 1.0 1.0 1.0
# EXPECT: 1.0
# EXPECT: 0.25
def pick(i):
    fs = (sin, exp, tanh)
    if i == 0:
        return fs[0]
    elif i == 1:
        return fs[1]
    return fs[2]

def main():
    print(grad(pick(0))(0.0), grad(pick(1))(0.0), grad(pick(2))(0.0))
    print(derivative(exp)(0.0))
    print(grad(sigmoid)(0.0))
