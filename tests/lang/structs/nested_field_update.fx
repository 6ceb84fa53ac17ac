# Pins: updating a field of a nested struct (`s.b.x = v`) rebinds s; the old value is intact.
# spec-silent: §3 names `p.field = v`; the nested form is taken as Python's `s.b.x = v`
# applied to immutable values.
# EXPECT: Segment(a=Point(x=0.0, y=0.0), b=Point(x=9.0, y=4.0))
# EXPECT: Segment(a=Point(x=0.0, y=0.0), b=Point(x=3.0, y=4.0))
struct Point:
    x: f64
    y: f64

struct Segment:
    a: Point
    b: Point

def main():
    s = Segment(Point(0.0, 0.0), Point(3.0, 4.0))
    old = s
    s.b.x = 9.0
    print(s)
    print(old)
