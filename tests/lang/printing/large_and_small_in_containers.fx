# Pins: floats in scientific form inside tuples and structs.
# EXPECT: (1e-05, 1e+16)
# EXPECT: P(v=2.5e-10)
struct P:
    v: f64

def main():
    print((1e-5, 1e16))
    print(P(2.5e-10))
