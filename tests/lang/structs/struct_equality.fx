# Pins: == and != on structs compare field by field (docs/ir.md: eq/ne are structural).
# EXPECT: True
# EXPECT: False
# EXPECT: True
struct Point:
    x: f64
    y: f64

def main():
    print(Point(1.0, 2.0) == Point(1.0, 2.0))
    print(Point(1.0, 2.0) == Point(1.0, 3.0))
    print(Point(1.0, 2.0) != Point(2.0, 2.0))
