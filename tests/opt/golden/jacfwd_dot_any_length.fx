# jacfwd of dot(v1, v2) with respect to v1, for vectors whose length is known only at run time
# (tests/opt/golden/jacfwd_dot.fx has it for known extents). The direction loop's body reads v1
# and v2 through its env; the primal dot(v1, v2) jacfwd computes before the loop checked their
# lengths, so in the body (opt/loop_env_checks.cpp) the repeated primal dot goes, the products
# with one_hot(k, len(v1)) and with v2's zero tangent become v2[k] and 0.0, and the one_hot of
# the counter, which stays below len(v1), goes (loop_counters.cpp). The loop then appends
# v2[k] + 0.0 for k below len(v1), which is len(v2) by that dot: row_loops.cpp replaces it by
# v2 + 0.0, one vector operation (dF~ §5.1).
# GOLDEN-FN: main
# STAGE: native
# The gradient is inlined into main once it is plain code (inline_calls.cpp), so main is checked.
# GOLDEN-GRAPH: main
# IR-NOT: while|one_hot|zeros_like|rows_append|make_closure|call
# IR-COUNT: 1 = dot\(
# IR-HAS: = add\(%\d+, 0\.0\) : Tensor\[f64, 1\]
# EXPECT: [2.0, 2.0, 2.0, 2.0]
def d(v1: Tensor[f64, 1], v2: Tensor[f64, 1]):
    return dot(v1, v2)

def main():
    n = int(arg(0, 4))
    a = ones((n,))
    print(jacfwd(d)(a, a * 2.0))
