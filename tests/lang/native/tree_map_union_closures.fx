# tree_map whose function is one of two closures, chosen at run time: the specialiser writes it
# out as a call through the value at each leaf, to one of the two closures' clones for that
# leaf's type (types/specialiser.cpp expand_tree_map), as a direct call of a closure that is one
# function is (docs/codegen.md "Native or interpreted"). Natively and in the interpreter alike.
# RUN: run --native
# EXPECT: (2.0, (4.0, 6.0))
# EXPECT: ([2.0, 4.0], 6.0)
# EXPECT: (3.0, 8.0)
# EXPECT: Pair(a=[0.5, 1.0], b=1.5)
struct Pair:
    a: Tensor[f64, 1]
    b: f64

def main():
    k = float(arg(0, 2))
    h = (lambda x: x * k) if k > 1.0 else (lambda x: x + k)
    print(tree_map(h, (1.0, (2.0, 3.0))))
    print(tree_map(h, ([1.0, 2.0], 3.0)))
    g = (lambda x, y: x * y) if k > 1.0 else (lambda x, y: x - y)
    print(tree_map(g, (1.0, 2.0), (3.0, 4.0)))
    half = (lambda x: x / k) if k > 0.0 else (lambda x: -x)
    print(tree_map(half, Pair(a=[1.0, 2.0], b=3.0)))
