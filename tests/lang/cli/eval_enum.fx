# Pins: eval of an enum value prints it per §9.
# RUN: eval Node(Leaf(1), Leaf(2))
# EXPECT: Node(Leaf(1), Leaf(2))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)
