# Pins: == and != on enum values are structural (variant and fields, recursively).
# EXPECT: True
# EXPECT: False
# EXPECT: False
# EXPECT: True
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    print(Node(Leaf(1), Leaf(2)) == Node(Leaf(1), Leaf(2)))
    print(Node(Leaf(1), Leaf(2)) == Node(Leaf(2), Leaf(1)))
    print(Leaf(1) == Node(Leaf(1), Leaf(1)))
    print(Leaf(3) != Leaf(4))
