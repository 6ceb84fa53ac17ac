# Pins: checkpoint(f) is the same function: same values, same gradients (reverse mode
# recomputes f's intermediates instead of storing them, which must not change results).
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: 12.0
# EXPECT: 24.0
def f(x):
    a = sin(x) * exp(x)
    b = a * a + tanh(x)
    return b / (1.0 + x * x)

def cube(x):
    return x * x * x

def main():
    print(checkpoint(f)(0.7) == f(0.7))
    print(abs(grad(checkpoint(f))(0.7) - grad(f)(0.7)) < 1e-14)
    print(abs(grad(lambda x: 2.0 * checkpoint(f)(x))(0.7) - 2.0 * grad(f)(0.7)) < 1e-13)
    print(grad(checkpoint(cube))(2.0))
    print(grad(lambda x: checkpoint(cube)(x) * 2.0)(2.0))
