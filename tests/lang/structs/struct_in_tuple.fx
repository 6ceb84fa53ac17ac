# Pins: structs inside tuples: construction, indexing then field access, printing.
# EXPECT: (Point(x=1.0, y=2.0), 3)
# EXPECT: 2.0
# EXPECT: (Point(x=0.0, y=0.0), Point(x=1.0, y=1.0))
struct Point:
    x: f64
    y: f64

def main():
    t = (Point(1.0, 2.0), 3)
    print(t)
    print(t[0].y)
    pair = (Point(0.0, 0.0), Point(1.0, 1.0))
    print(pair)
