# The forward-mode (jacfwd) gradient of dot(v1, v2) with respect to v1 is v2 (dF~ §5.2): jacfwd
# pushes each basis vector one_hot(k, n) through dot, one loop iteration per direction, and
# without the optimiser each iteration makes one_hot(k, n), a zero tangent for v2, and three
# dots of n elements: n² work. With the extents known (known_extents.cpp), the products with
# the basis vector and the zero tangent become v2[k] and 0.0 (one_hot_products.cpp), the primal
# dot nobody reads goes (its shapes agree by type), and the one_hot, whose k the loop keeps in
# [0, n), goes too (loop_counters.cpp): one loop, O(1) work per direction, no closure called.
# Not yet: the loop still builds the result element by element (v2[k] + 0.0, row by row) where
# loop normalisation would return v2 itself; and with extents not known ahead of time (a
# function of any Tensor[f64, 1]) the rules need the loop's env to be seen through (docs/opt.md).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,
# IR-COUNT: 1 = while\(
# IR-NOT: call %
# GOLDEN-GRAPH: jacfwd.directions.body
# IR-HAS: = index\(%\d+, "i", %k\.\d+\) : f64
# IR-NOT: one_hot|zeros_like|dot\(|matmul|make_closure|call|while
# IR-COUNT: 1 rows_append
# EXPECT: [4.0, 5.0, 6.0]
# EXPECT: [4.0, 5.0, 6.0]
def d(v1: Tensor[f64, 1], v2: Tensor[f64, 1]):
    return dot(v1, v2)

def main():
    a = [1.0, 2.0, 3.0]
    b = [4.0, 5.0, 6.0]
    print(jacfwd(d)(a, b))
    print(grad(d)(a, b))
