# Pins: a match that misses a variant, without a wildcard, is a compile error at `match`
# (LANGUAGE.md §7).
# EXIT: 1
# STDERR: {file}:11:5: error:
# STDERR-RE: error: .*(?i:exhaustive|not covered|missing|unhandled)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def depth(t):
    match t:
        case Leaf(w):
            return 1

def main():
    print(depth(Leaf(1)))
