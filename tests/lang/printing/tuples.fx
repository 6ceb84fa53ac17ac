# Pins: the §9 tuple examples: `(1.0, 2)` and the one-element form `(1.0,)`.
# EXPECT: (1.0, 2)
# EXPECT: (1.0,)
# EXPECT: (inf, nan, -0.5)
def main():
    print((1.0, 2))
    print((1.0,))
    print((1.0 / 0.0, 0.0 / 0.0, -0.5))
