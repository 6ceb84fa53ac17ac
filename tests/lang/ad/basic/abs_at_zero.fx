# Pins: abs'(0) = 0 (LANGUAGE.md §6, as JAX), in reverse and forward mode. Compared with
# `== 0.0` so that the sign of the zero does not matter.
# EXPECT: True
# EXPECT: True
# EXPECT: 2.0
def main():
    print(grad(abs)(0.0) == 0.0)
    print(derivative(abs)(0.0) == 0.0)
    # abs(x) + 2x at 0: only the 2x contributes.
    print(grad(lambda x: abs(x) + 2.0 * x)(0.0))
