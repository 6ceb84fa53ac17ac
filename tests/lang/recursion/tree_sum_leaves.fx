# Pins: summing the leaves of a Tree and counting its nodes by recursion over the enum.
# EXPECT: 10
# EXPECT: 7
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def sum_leaves(t):
    match t:
        case Leaf(w):
            return w
        case Node(l, r):
            return sum_leaves(l) + sum_leaves(r)

def count(t):
    match t:
        case Leaf(w):
            return 1
        case Node(l, r):
            return 1 + count(l) + count(r)

def main():
    t = Node(Node(Leaf(1), Leaf(2)), Node(Leaf(3), Leaf(4)))
    print(sum_leaves(t))
    print(count(t))
