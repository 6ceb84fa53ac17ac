# Pins: a bare name pattern matches anything and binds the whole value.
# EXPECT: Leaf(9)
# EXPECT: other Node(Leaf(1), Leaf(2))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def describe(t):
    match t:
        case Leaf(w):
            print(Leaf(w))
        case other:
            print("other", other)

def main():
    describe(Leaf(9))
    describe(Node(Leaf(1), Leaf(2)))
