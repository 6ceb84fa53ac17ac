# Pins: a struct containing a struct, a tuple and an enum prints each per §9.
# EXPECT: Model(layer=Linear(w=0.5, b=-1.0), dims=(2, 3), root=Node(Leaf(1), Leaf(2)))
struct Linear:
    w: f64
    b: f64

enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

struct Model:
    layer: Linear
    dims: (i64, i64)
    root: Tree

def main():
    print(Model(Linear(0.5, -1.0), (2, 3), Node(Leaf(1), Leaf(2))))
