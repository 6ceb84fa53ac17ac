# GradBench's det: a loop that calls a recursion whose base case reads a[i]. The base case's
# pullback returns a's cotangent as set_index(zeros_like(a), i, ct), through the `if` over the
# two cases' pullbacks, and the loop's backward pass (whose body calls the recursion's pullback:
# a cycle through the loop) added it into its accumulator, a tensor of a's size per leaf.
# recursion-acc (opt/recursive_accumulators.cpp) hands the accumulator down instead: the
# backward body calls `for_body[...][back][acc]` (from the body's split sum), which hands it to `det_minor[...][back][acc]`
# (the scatter of a[row * ell + columns[j]] beside the call is added after the call's sum), whose
# leaf case adds ct at i in place, `set_index(acc, "+i", i, ct)`, and whose loop case starts its
# inner backward loop at the accumulator (loop_accumulators.cpp, through the call that hands it
# back: ir::Graph::accumulators). The leaf costs O(1). The inner loop starts at the accumulator
# alone: the cotangent of the index array `columns` it carried, read out of a zero of the loop's
# whole environment made at every call, is gone (dead-results drops it once dead-graphs has
# retired the replaced pullbacks that shared the loop), so the program runs natively
# (tests/lang/native/det_minor_in_loop.fx).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: for_body[(f64, f64, i64)][cc][J][back][acc]
# IR-HAS: call @det_minor\[Tensor\[f64, 1\],i64,i64,Tensor\[i64, 1\]\]\[cc\]\[J\]\[back\]\[acc\]
# IR-HAS: set_index\(%\d+, "\+i", %\d+, %\d+\) : Tensor\[f64
# IR-NOT: zeros_like\(.*: Tensor\[f64
# IR-NOT: add_tangent\(.*: Tensor\[f64
# GOLDEN-GRAPH: det_minor[Tensor[f64, 1],i64,i64,Tensor[i64, 1]][cc][J][back][acc]
# IR-NOT: zeros_like
# IR-NOT: add_tangent
# GOLDEN-GRAPH: case[acc]
# IR-NOT: zeros_like
# IR-HAS: set_index\(%\d+, "\+i", %\d+, %\d+\) : Tensor\[f64
# GOLDEN-GRAPH: if_false[][cc][J][back][acc]
# IR-NOT: add_tangent
# IR-NOT: zeros_like
# EXPECT: [10.0, -2.0, -2.0, 1.0, 7.0, -2.0, -3.0, -3.0, 6.0]
def det_minor(a, ell: i64, row: i64, columns):
    if len(columns) == 1:
        return a[row * ell + columns[0]]
    total = 0.0
    sign = 1.0
    for j in range(len(columns)):
        rest = concat((columns[0:j], columns[j + 1:]))
        total = total + sign * a[row * ell + columns[j]] * det_minor(a, ell, row + 1, rest)
        sign = -sign
    return total

def main():
    print(grad(det_minor)([2.0, 0.0, 1.0, 1.0, 3.0, 2.0, 1.0, 1.0, 4.0], 3, 0, arange(3)))
