# jacfwd of sum(v1 * v2), the elementwise way to write dot(v1, v2), with respect to v1, for
# vectors of known extents: the direction's tangent is sum(one_hot(k, n) * v2 + v1 *
# zeros_like(v2)). The elementwise one-hot laws (one_hot_products.cpp) make the product with
# the zero tangent the zero, the sum with it `+ 0.0`, and the sum over the basis product
# v2[k] + 0.0; the primal product nobody reads goes (its shapes agree by type), and so does the
# one_hot (loop_counters.cpp). The loop appending v2[k] + 0.0 is v2 + 0.0 (row_loops.cpp):
# the gradient by forward mode is the reverse mode's, with no loop and no n² work.
# GOLDEN-FN: main
# STAGE: native
# The gradient is inlined into main once it is plain code (inline_calls.cpp), so main is checked.
# GOLDEN-GRAPH: main
# IR-NOT: while|one_hot|zeros_like|rows_append|sum\(|fused|call %
# IR-HAS: = add\(%b\.\d+, 0\.0\) : Tensor\[f64, \(3,\)\]
# EXPECT: [4.0, -5.0, 6.0]
# EXPECT: [4.0, -5.0, 6.0]
def d(v1: Tensor[f64, 1], v2: Tensor[f64, 1]):
    return sum(v1 * v2)

def main():
    a = [1.0, 2.0, 3.0]
    b = [4.0, -5.0, 6.0]
    print(jacfwd(d)(a, b))
    print(grad(d)(a, b))
