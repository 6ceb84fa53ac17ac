# Pins: eval of a recursive function over an enum value built in EXPR.
# RUN: eval depth(Node(Leaf(1), Node(Leaf(2), Leaf(3))))
# EXPECT: 3
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def depth(t):
    match t:
        case Leaf(w):
            return 1
        case Node(l, r):
            return 1 + max(depth(l), depth(r))
