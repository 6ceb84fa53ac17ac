# Pins: the gradient with respect to a tree used twice: the cotangents of the two uses are
# Trees of the same shape, added node by node (total(t, w) = w (2 - 1), so
# d/dv of total(t, 2) total(t, 3) = 2 total(t, 3) + 3 total(t, 2) = 12 at every leaf).
# EXPECT: Node(0, Leaf(0, 12.0), Leaf(0, 12.0))
enum Tree:
    Leaf(label: i64, v: f64)
    Node(label: i64, left: Tree, right: Tree)

def total(t, w):
    match t:
        case Leaf(label, v):
            return w * v
        case Node(label, l, r):
            return total(l, w) + total(r, w)

def main():
    t = Node(7, Leaf(1, 2.0), Leaf(3, -1.0))
    print(grad(lambda t: total(t, 2.0) * total(t, 3.0))(t))
