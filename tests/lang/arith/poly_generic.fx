# Pins: the poly example of LANGUAGE.md §4 at f64 and at i64 (generic specialisation).
# EXPECT: 648.0
# EXPECT: 648
# EXPECT: -0.125
def poly(x, y):
    a = x ** 3
    b = y ** 4
    return a * b

def main():
    print(poly(2.0, 3.0))
    print(poly(2, 3))
    print(poly(-0.5, 1.0))
