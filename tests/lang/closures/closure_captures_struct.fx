# Pins: a closure captures a struct value; a later field update of the variable rebinds it
# and does not change what the closure sees.
# EXPECT: 5.0
# EXPECT: 102.0
struct Affine:
    w: f64
    b: f64

def main():
    p = Affine(2.0, 1.0)
    f = lambda x: p.w * x + p.b
    p.w = 100.0
    print(f(2.0))
    print(p.w * 1.0 + 2.0)
