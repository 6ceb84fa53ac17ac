# Pins: a match covering every variant, one case per variant, each with its own body.
# EXPECT: leaf 4
# EXPECT: node
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def show(t):
    match t:
        case Leaf(w):
            print("leaf", w)
        case Node(l, r):
            print("node")

def main():
    show(Leaf(4))
    show(Node(Leaf(1), Leaf(2)))
