# Pins: recursion over an enum Tree with a scalar weight used at every leaf: the gradient
# w.r.t. the weight sums the contributions of all leaves.
# EXPECT: 6.0
# EXPECT: 60.0
# EXPECT: 6.0
enum Tree:
    Leaf(v: f64)
    Node(left: Tree, right: Tree)

def total(t, w):
    match t:
        case Leaf(v):
            return w * v
        case Node(l, r):
            return total(l, w) + total(r, w)

def total_sq(t, w):
    match t:
        case Leaf(v):
            return w * w * v
        case Node(l, r):
            return total_sq(l, w) + total_sq(r, w)

def main():
    t = Node(Leaf(1.0), Node(Leaf(2.0), Leaf(3.0)))
    print(grad(lambda w: total(t, w))(5.0))
    print(grad(lambda w: total_sq(t, w))(5.0))
    print(grad(total, argnums=1)(t, 0.5))
