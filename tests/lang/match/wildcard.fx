# Pins: `case _:` covers the remaining variants.
# EXPECT: 1.0
# EXPECT: 0.0
# EXPECT: 0.0
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)
    Tri(a: f64, b: f64, c: f64)

def radius(s):
    match s:
        case Circle(r):
            return r
        case _:
            return 0.0

def main():
    print(radius(Circle(1.0)))
    print(radius(Rect(1.0, 2.0)))
    print(radius(Tri(1.0, 1.0, 1.0)))
