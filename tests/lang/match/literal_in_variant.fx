# Pins: a literal sub-pattern inside a constructor pattern; the first matching case wins.
# EXPECT: zero leaf
# EXPECT: leaf 5
# EXPECT: node
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def f(t):
    match t:
        case Leaf(0):
            return "zero leaf"
        case Leaf(w):
            return "leaf" if w > 0 else "negative leaf"
        case Node(l, r):
            return "node"

def main():
    print(f(Leaf(0)))
    print(f(Leaf(5)), 5)
    print(f(Node(Leaf(0), Leaf(0))))
