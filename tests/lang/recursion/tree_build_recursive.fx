# Pins: building a recursive enum value by recursion and then consuming it.
# EXPECT: 16
# EXPECT: 120
# EXPECT: Node(Node(Leaf(0), Leaf(1)), Node(Leaf(2), Leaf(3)))
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def build(depth, start):
    if depth == 0:
        return Leaf(start)
    half = 2 ** (depth - 1)
    return Node(build(depth - 1, start), build(depth - 1, start + half))

def leaves(t):
    match t:
        case Leaf(w):
            return 1
        case Node(l, r):
            return leaves(l) + leaves(r)

def total(t):
    match t:
        case Leaf(w):
            return w
        case Node(l, r):
            return total(l) + total(r)

def main():
    print(leaves(build(4, 0)))
    print(total(build(4, 0)))
    print(build(2, 0))
