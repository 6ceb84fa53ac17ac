# Pins: different variants of one enum have the same type: they can be the two arms of a
# conditional expression, and a variable can hold either.
# EXPECT: Leaf(5)
# EXPECT: Node(Leaf(5), Leaf(5))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def make(deep):
    return Node(Leaf(5), Leaf(5)) if deep else Leaf(5)

def main():
    t = make(False)
    print(t)
    t = make(True)
    print(t)
