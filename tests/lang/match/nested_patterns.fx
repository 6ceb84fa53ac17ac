# Pins: nested constructor patterns, tried in order, with a final wildcard.
# EXPECT: two leaves 3
# EXPECT: left leaf 1
# EXPECT: other
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def classify(t):
    match t:
        case Node(Leaf(a), Leaf(b)):
            print("two leaves", a + b)
        case Node(Leaf(a), r):
            print("left leaf", a)
        case _:
            print("other")

def main():
    classify(Node(Leaf(1), Leaf(2)))
    classify(Node(Leaf(1), Node(Leaf(2), Leaf(3))))
    classify(Leaf(5))
