# A struct, an enum and functions for tests/lang/modules/. The helpers are defined after the
# functions that call them: top-level names are usable in any order, also across files.

struct Point:
    x: f64
    y: f64

enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def norm(p: Point) -> f64:
    return sqrt(square(p.x) + square(p.y))

def area(s: Shape) -> f64:
    match s:
        case Circle(r):
            return PI * square(r)
        case Rect(w, h):
            return w * h

def moved(p: Point, dx: f64, dy: f64) -> Point:
    p.x += dx
    p.y += dy
    return p

def square(v: f64) -> f64:
    return v * v

PI = 3.0
