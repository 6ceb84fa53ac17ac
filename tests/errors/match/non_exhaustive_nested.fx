# Pins: nested patterns that leave a case uncovered (Node with a Node on the left) are not
# exhaustive.
# EXIT: 1
# STDERR: {file}:11:5: error:
# STDERR-RE: error: .*(?i:exhaustive|not covered|missing|unhandled)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def f(t):
    match t:
        case Leaf(w):
            return 0
        case Node(Leaf(a), r):
            return 1

def main():
    print(f(Leaf(1)))
