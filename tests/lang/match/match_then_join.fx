# Pins: cases that assign a variable without returning; the code after the match sees the
# value of the case that ran.
# EXPECT: 2.0
# EXPECT: 12.0
enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def scaled_size(s, k):
    size = 0.0
    match s:
        case Circle(r):
            size = 2.0 * r
        case Rect(w, h):
            size = w + h
    return size * k

def main():
    print(scaled_size(Circle(1.0), 1.0))
    print(scaled_size(Rect(2.0, 4.0), 2.0))
