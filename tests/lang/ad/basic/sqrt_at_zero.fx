# Pins: sqrt'(0) = inf (LANGUAGE.md §6, as JAX), in reverse and in forward mode.
# EXPECT: inf
# EXPECT: inf
# EXPECT: (0.0, inf)
def main():
    print(grad(sqrt)(0.0))
    print(derivative(sqrt)(0.0))
    print(jvp(sqrt, (0.0,), (1.0,)))
