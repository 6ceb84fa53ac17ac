# Pins: §9 enum format: the variant name and its fields positionally, nested.
# EXPECT: Leaf(1)
# EXPECT: Node(Leaf(1), Leaf(2))
# EXPECT: Node(Node(Leaf(-3), Leaf(0)), Leaf(7))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    print(Leaf(1))
    print(Node(Leaf(1), Leaf(2)))
    print(Node(Node(Leaf(-3), Leaf(0)), Leaf(7)))
