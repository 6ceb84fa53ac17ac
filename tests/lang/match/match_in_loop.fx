# Pins: a match inside a loop body, its cases updating loop-carried variables.
# EXPECT: 2 3
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def make(i):
    return Circle(1.0) if i % 2 == 0 else Rect(1.0, 1.0)

def main():
    circles = 0
    rects = 0
    for i in range(5):
        match make(i):
            case Circle(r):
                circles += 1
            case Rect(w, h):
                rects += 1
    print(rects, circles)
