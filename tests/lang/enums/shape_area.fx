# Pins: an enum with f64 fields of different arity; match binds the fields.
# EXPECT: 3.0
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: Rect(2.0, 3.0)
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)
    Tri(a: f64, b: f64, c: f64)

def area(s):
    match s:
        case Circle(r):
            return 3.0 * r * r
        case Rect(w, h):
            return w * h
        case Tri(a, b, c):
            p = (a + b + c) / 2.0
            return sqrt(p * (p - a) * (p - b) * (p - c))

def main():
    print(area(Circle(1.0)))
    print(area(Rect(2.0, 3.0)))
    print(area(Tri(3.0, 4.0, 5.0)))
    print(Rect(2.0, 3.0))
