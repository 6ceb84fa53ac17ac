# Pins: enum values inside tuples and structs, printed per §9.
# EXPECT: (Leaf(1), 2.0)
# EXPECT: Holder(t=Node(Leaf(1), Leaf(2)), n=3)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

struct Holder:
    t: Tree
    n: i64

def main():
    print((Leaf(1), 2.0))
    print(Holder(Node(Leaf(1), Leaf(2)), 3))
