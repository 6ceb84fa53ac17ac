# Pins: a pattern naming no variant is a compile error at the variant name.
# EXIT: 1
# STDERR: {file}:11:14: error:
# STDERR-RE: error: .*Leef
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def depth(t):
    match t:
        case Leef(w):
            return 1
        case _:
            return 2

def main():
    print(depth(Leaf(1)))
