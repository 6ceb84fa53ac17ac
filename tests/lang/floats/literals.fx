# Pins: float literal forms of LANGUAGE.md §1: `1.0`, `1e-3`, `.5`, exponent without a dot.
# EXPECT: 1.0
# EXPECT: 0.001
# EXPECT: 0.5
# EXPECT: 1000.0
# EXPECT: 2500.0
# EXPECT: 0.0
# EXPECT: 1.5e-07
def main():
    print(1.0)
    print(1e-3)
    print(.5)
    print(1e3)
    print(2.5e+3)
    print(0.0)
    print(1.5e-7)
