# Pins: `_` inside a constructor pattern ignores that field.
# EXPECT: 2
# EXPECT: 7
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def right_word(t):
    match t:
        case Node(_, Leaf(w)):
            return w
        case Leaf(w):
            return w
        case _:
            return -1

def main():
    print(right_word(Node(Leaf(1), Leaf(2))))
    print(right_word(Leaf(7)))
