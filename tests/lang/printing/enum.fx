# Pins: the §9 enum example `Node(Leaf(1), Leaf(2))`, and f64/bool fields.
# EXPECT: Node(Leaf(1), Leaf(2))
# EXPECT: Circle(1.5)
# EXPECT: Flag(True, 0.25)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

enum Thing:
    Circle(r: f64)
    Flag(on: bool, weight: f64)

def main():
    print(Node(Leaf(1), Leaf(2)))
    print(Circle(1.5))
    print(Flag(True, 0.25))
