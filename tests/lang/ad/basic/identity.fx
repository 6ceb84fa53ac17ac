# Pins: the identity has derivative 1 in every mode.
# EXPECT: 1.0
# EXPECT: (7.0, 2.0)
# EXPECT: 1.0
# EXPECT: (1.0,)
def main():
    print(grad(lambda x: x)(7.0))
    print(jvp(lambda x: x, (7.0,), (2.0,)))
    print(derivative(lambda x: x)(7.0))
    y, pullback = vjp(lambda x: x, 7.0)
    print(pullback(1.0))
