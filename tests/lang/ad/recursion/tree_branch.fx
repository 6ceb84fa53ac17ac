# Pins: reverse and forward mode through a recursion over an enum tree whose cases branch
# (an `if` inside a match, so the pullback held by a node is one of several codes), with the
# gradient taken with respect to the tree itself: the cotangent is a Tree of the same shape,
# built from the tree's zero with each leaf's field replaced.
# EXPECT: 13.5
# EXPECT: 6.0
# EXPECT: Node(Leaf(1.5), Node(Leaf(0.0), Leaf(1.5)))
# EXPECT: 6.0
enum Tree:
    Leaf(v: f64)
    Node(left: Tree, right: Tree)

def score(t, w):
    match t:
        case Leaf(v):
            if v > 0.0:
                return w * v
            return 0.5 * w * w
        case Node(l, r):
            s = score(l, w)
            if s > 1.0:
                return s + score(r, w)
            return s * score(r, w)

# score(t, 3) = 6 + (4.5 + 3): d/dw = 2 + (3 + 1); w.r.t. the leaves' values at w = 1.5: w, 0
# (the branch without v), w.
def main():
    t = Node(Leaf(2.0), Node(Leaf(-1.0), Leaf(1.0)))
    print(score(t, 3.0))
    print(grad(score, argnums=1)(t, 3.0))
    print(grad(score, argnums=0)(t, 1.5))
    print(derivative(lambda w: score(t, w))(3.0))
