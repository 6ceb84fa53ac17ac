# Pins: top-level constants holding a tuple and a struct.
# EXPECT: (0.0, 0.0)
# EXPECT: Point(x=1.0, y=2.0)
# EXPECT: 3.0
struct Point:
    x: f64
    y: f64

ORIGIN = (0.0, 0.0)
P0 = Point(1.0, 2.0)

def main():
    print(ORIGIN)
    print(P0)
    print(P0.x + P0.y + ORIGIN[1])
