# Pins: relu'(0) = 0 (LANGUAGE.md §6, as JAX), in reverse and forward mode.
# EXPECT: True
# EXPECT: True
# EXPECT: 1.0
def main():
    print(grad(relu)(0.0) == 0.0)
    print(derivative(relu)(0.0) == 0.0)
    print(grad(lambda x: relu(x) + x)(0.0))
