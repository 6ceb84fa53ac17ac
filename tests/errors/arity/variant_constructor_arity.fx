# Pins: a variant constructor with too many fields is an error at the call's `(`.
# EXIT: 1
# STDERR: {file}:10:13: error:
# STDERR-RE: error: .*(?i:argument|field)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def main():
    t = Leaf(1, 2)
    print(t)
