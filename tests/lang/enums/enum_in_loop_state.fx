# Pins: an enum value carried through a loop, growing each iteration.
# EXPECT: Node(Node(Node(Leaf(0), Leaf(1)), Leaf(2)), Leaf(3))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    t = Leaf(0)
    for i in range(1, 4):
        t = Node(t, Leaf(i))
    print(t)
