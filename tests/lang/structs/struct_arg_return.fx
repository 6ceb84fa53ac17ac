# Pins: structs passed to and returned from functions.
# EXPECT: Point(x=4.0, y=6.0)
# EXPECT: Point(x=2.0, y=3.0)
struct Point:
    x: f64
    y: f64

def add(p, q):
    return Point(p.x + q.x, p.y + q.y)

def scale(p, k):
    return Point(x=p.x * k, y=p.y * k)

def main():
    a = Point(1.0, 2.0)
    b = Point(3.0, 4.0)
    print(add(a, b))
    print(scale(add(a, b), 0.5))
