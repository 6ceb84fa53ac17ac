# tree_map whose function is one of two primitives, or one of a primitive and a closure, chosen
# at run time: the specialiser writes it out as a call through the value at each leaf (a
# primitive has no clone: its result at a leaf is the type inference gave that part of the
# tree_map), as a direct call of such a value is (types/specialiser.cpp expand_tree_map).
# Natively and in the interpreter alike, under grad too.
# RUN: run --native
# EXPECT: (2.718281828459045, (7.38905609893065, 20.085536923187668))
# EXPECT: (2.0, ([4.0, 10.0], 6.0))
# EXPECT: Pair(a=2.0, b=[4.0, 8.0])
# EXPECT: 806.8575869854702
# EXPECT: (3.0, 4.0)
# EXPECT: (0.0, [0.6931471805599453, 1.0986122886681098])
struct Pair:
    a: f64
    b: Tensor[f64, 1]

def main():
    k = float(arg(0, 2))
    h = exp if k > 1.0 else log
    print(tree_map(h, (1.0, (2.0, 3.0))))
    m = exp if k < 1.0 else (lambda x: x * 2.0)
    print(tree_map(m, (1.0, ([2.0, 5.0], 3.0))))
    print(tree_map(m, Pair(1.0, [2.0, 4.0])))
    print(grad(lambda x: tree_map(h, (x, [x, 2.0 * x]))[1][1])(3.0))
    q = maximum if k > 1.0 else minimum
    print(tree_map(q, (1.0, 2.0), (3.0, 4.0)))
    l = log if k > 1.0 else exp
    print(tree_map(l, (1.0, [2.0, 3.0])))
