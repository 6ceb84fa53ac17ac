# Pins: the match subject may be any expression: a call result.
# EXPECT: circle 2.0
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def unit_circle():
    return Circle(1.0)

def main():
    match unit_circle():
        case Circle(r):
            print("circle", 2.0 * r)
        case Rect(w, h):
            print("rect")
