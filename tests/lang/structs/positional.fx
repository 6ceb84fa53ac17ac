# Pins: struct construction by position, field access.
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: 3.0
struct Point:
    x: f64
    y: f64

def main():
    p = Point(1.0, 2.0)
    print(p.x)
    print(p.y)
    print(p.x + p.y)
