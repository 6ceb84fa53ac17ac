# Pins: an enum name as a parameter and result annotation.
# EXPECT: Node(Leaf(2), Leaf(2))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def dup(t: Tree) -> Tree:
    return Node(t, t)

def main():
    print(dup(Leaf(2)))
