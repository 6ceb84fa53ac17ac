# Pins: the gradient with respect to a tree used twice: the cotangents of the two uses are
# Trees of the same shape, added node by node (total(t, w) = w (2 - 1), so
# d/dv of total(t, 2) total(t, 3) = 2 total(t, 3) + 3 total(t, 2) = 12 at every leaf).
# EXPECT: Node(Leaf(12.0), Leaf(12.0))
enum Tree:
    Leaf(v: f64)
    Node(left: Tree, right: Tree)

def total(t, w):
    match t:
        case Leaf(v):
            return w * v
        case Node(l, r):
            return total(l, w) + total(r, w)

def main():
    t = Node(Leaf(2.0), Leaf(-1.0))
    print(grad(lambda t: total(t, 2.0) * total(t, 3.0))(t))
