# Pins: a pattern naming a variant of a different enum than the subject's is a type error at
# the variant name.
# EXIT: 1
# STDERR: {file}:18:14: error:
# STDERR-RE: error: .*(?i:Tree|Shape|type|enum)
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

enum Shape:
    Circle(r: f64)
    Rect(w: f64, h: f64)

def f(t):
    match t:
        case Leaf(w):
            return 0
        case Circle(r):
            return 1
        case _:
            return 2

def main():
    print(f(Leaf(1)))
