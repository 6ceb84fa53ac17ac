# tree_map whose f is a builtin held in a variable, which the specialiser leaves a primitive
# (docs/language.md), runs natively: the emitter writes it out over the trees' types
# (src/codegen/emitter.cpp, tree_map_), the builtin's own emission at each float or tensor
# leaf, with the corresponding leaves of further trees; other leaves are kept.
# RUN: run --native
# EXPECT: (1.0, [1.0, 2.718281828459045], 3, s)
# EXPECT: [1.0, 1.0] 1.0 7
# EXPECT: (2.0, [3.0, 5.0])
# EXPECT: ((2.0, -1), [3.0, 4.0])
# EXPECT: 0.479425538604203 [0.479425538604203] 2
enum Tree:
    Leaf(v: f64)
    Node(l: Tree, r: Tree)

struct P:
    w: Tensor[f64, 1]
    b: f64
    n: i64

def main():
    f = exp
    print(tree_map(f, (0.0, [0.0, 1.0], 3, "s")))
    p = P(w=[0.0, 0.0], b=0.0, n=7)
    q = tree_map(f, p)
    print(q.w, q.b, q.n)
    g = max
    print(tree_map(g, (1.0, [1.0, 5.0]), (2.0, [3.0, 4.0])))
    sin_ = sin
    h = abs
    print(tree_map(h, ((-2.0, -1), [-3.0, 4.0])))
    t = tree_map(sin_, (Node(Leaf(1.0), Leaf(2.0)), 0.5, [0.5]))
    print(t[1], t[2], size(t[0]))

def size(t):
    match t:
        case Leaf(v):
            return 1
        case Node(l, r):
            return size(l) + size(r)
