# Pins: a struct whose fields are structs: construction, chained field access, printing.
# EXPECT: Segment(a=Point(x=0.0, y=0.0), b=Point(x=3.0, y=4.0))
# EXPECT: 4.0
# EXPECT: 5.0
struct Point:
    x: f64
    y: f64

struct Segment:
    a: Point
    b: Point

def length(s):
    dx = s.b.x - s.a.x
    dy = s.b.y - s.a.y
    return sqrt(dx * dx + dy * dy)

def main():
    s = Segment(Point(0.0, 0.0), Point(3.0, 4.0))
    print(s)
    print(s.b.y)
    print(length(s))
