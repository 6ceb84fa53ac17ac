# Pins: a tuple mixing a struct, an enum value and scalars, printed per §9.
# EXPECT: (Point(x=1.0, y=2.0), Leaf(3), False)
struct Point:
    x: f64
    y: f64

enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    print((Point(1.0, 2.0), Leaf(3), False))
