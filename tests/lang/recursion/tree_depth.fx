# Pins: the Tree/depth example of LANGUAGE.md §7: recursion over a recursive enum.
# EXPECT: 1
# EXPECT: 2
# EXPECT: 4
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def depth(t):
    match t:
        case Leaf(w):
            return 1
        case Node(l, r):
            return 1 + max(depth(l), depth(r))

def main():
    print(depth(Leaf(1)))
    print(depth(Node(Leaf(1), Leaf(2))))
    print(depth(Node(Leaf(1), Node(Node(Leaf(2), Leaf(3)), Leaf(4)))))
