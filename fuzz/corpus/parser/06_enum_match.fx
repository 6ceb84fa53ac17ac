enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)
    Empty

def depth(t):
    match t:
        case Leaf(w):
            return 1
        case Node(Leaf(_), r):
            return 1 + depth(r)
        case Node(l, r):
            return 1 + max(depth(l), depth(r))
        case Empty():
            return 0
