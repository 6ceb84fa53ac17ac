# Pins: struct names used as type annotations of parameters and results.
# EXPECT: Point(x=2.0, y=1.0)
struct Point:
    x: f64
    y: f64

def swap(p: Point) -> Point:
    return Point(p.y, p.x)

def main():
    print(swap(Point(1.0, 2.0)))
