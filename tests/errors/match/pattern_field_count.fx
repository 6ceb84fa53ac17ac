# Pins: a constructor pattern with the wrong number of sub-patterns is an error at the
# variant name in the pattern.
# EXIT: 1
# STDERR: {file}:14:14: error:
# STDERR-RE: error: .*(?i:field|argument|pattern|expected)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def f(t):
    match t:
        case Leaf(w):
            return 0
        case Node(l):
            return 1

def main():
    print(f(Leaf(1)))
