# Pins: a recursive function returning a new enum value (structural transformation).
# EXPECT: Node(Leaf(3), Node(Leaf(2), Leaf(1)))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def mirror(t):
    match t:
        case Leaf(w):
            return Leaf(w)
        case Node(l, r):
            return Node(mirror(r), mirror(l))

def main():
    print(mirror(Node(Node(Leaf(1), Leaf(2)), Leaf(3))))
