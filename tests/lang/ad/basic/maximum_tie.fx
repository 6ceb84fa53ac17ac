# Pins: maximum/max at a tie split the cotangent equally, 0.5 each (LANGUAGE.md §6, JAX).
# EXPECT: 0.5
# EXPECT: (0.5, 0.5)
# EXPECT: (0.5, 0.5)
# EXPECT: 1.0
# EXPECT: 0.5
def main():
    print(grad(lambda x: maximum(x, 2.0))(2.0))
    print(grad(lambda x, y: maximum(x, y), argnums=(0, 1))(2.0, 2.0))
    print(grad(lambda x, y: max(x, y), argnums=(0, 1))(-1.5, -1.5))
    # Both halves reach x: maximum(x, x) = x.
    print(grad(lambda x: maximum(x, x))(3.0))
    # Forward mode agrees with reverse mode at the tie.
    print(derivative(lambda x: maximum(x, 2.0))(2.0))
