# Pins: a struct holding an enum value; matching on the field.
# EXPECT: Labeled(name=7, shape=Circle(1.0))
# EXPECT: 3.0
enum Shape:
    Circle(r: f64)
    Square(side: f64)

struct Labeled:
    name: i64
    shape: Shape

def perimeter_factor(l):
    match l.shape:
        case Circle(r):
            return 3.0 * r
        case Square(s):
            return 4.0 * s

def main():
    l = Labeled(7, Circle(1.0))
    print(l)
    print(perimeter_factor(l))
