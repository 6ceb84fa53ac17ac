# The forward-mode (jacfwd) gradient of dot(v1, v2) with respect to v1 is v2 (dF~ §5.1-5.2):
# jacfwd pushes each basis vector one_hot(k, n) through dot, one loop iteration per direction,
# and without the optimiser each iteration makes one_hot(k, n), a zero tangent for v2, and three
# dots of n elements: n² work. With the extents known (known_extents.cpp), the products with
# the basis vector and the zero tangent become v2[k] and 0.0 (one_hot_products.cpp), the primal
# dot nobody reads goes (its shapes agree by type), the rank checks of the inlined parameters
# fold in the direction loop (their types know the ranks), and the one_hot, whose k the loop
# keeps in [0, n), goes too (loop_counters.cpp). What is left appends v2[k] + 0.0 for k in [0, n): a row loop that
# row_loops.cpp (loop normalisation) replaces by the one vector operation v2 + 0.0 — no loop,
# the same values to the bit.
# GOLDEN-FN: main
# STAGE: native
# The gradient is then inlined into main (inline_calls.cpp), where the rank checks of the
# parameters d's derivative reads stay (a typed clone does not fold them: known_extents.cpp).
# GOLDEN-GRAPH: main
# IR-NOT: while|one_hot|zeros_like|dot\(|rows_append|call %
# IR-HAS: = add\(%b\.\d+, 0\.0\) : Tensor\[f64, \(3,\)\]
# IR-COUNT: 1 = call @d
# EXPECT: [4.0, 5.0, 6.0]
# EXPECT: [4.0, 5.0, 6.0]
def d(v1: Tensor[f64, 1], v2: Tensor[f64, 1]):
    return dot(v1, v2)

def main():
    a = [1.0, 2.0, 3.0]
    b = [4.0, 5.0, 6.0]
    print(jacfwd(d)(a, b))
    print(grad(d)(a, b))
