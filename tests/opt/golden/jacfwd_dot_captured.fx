# jacfwd of a closure over a captured vector, as bench/dff/micro.fx writes it:
# jacfwd(lambda v: micro_dot(v, w)). The closure's env holds w and its zero tangent is made
# before the direction loop; nothing shows that len(v) == len(w) (a w of length 1 would
# broadcast). loop_versions.cpp runs the loop in two copies chosen by len(x) == len(w): in the
# checked copy the captured w and its zero are env elements of their own, the products with the
# basis vector and the zero become w[k] and + 0.0 (loop_env_checks.cpp), the one_hot of the
# counter goes (loop_counters.cpp) and the row loop is w + 0.0 (row_loops.cpp): O(n), no loop.
# The other copy is the loop as it was (tests/lang/ad/jacfwd_closure_broadcast.fx runs it):
# still counted, its trip count max(n, 0) handed to the branch (docs/ad.md §4).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,
# IR-COUNT: 1 = eq\(%\d+, %\d+\) : bool
# IR-COUNT: 1 = if\(
# IR-COUNT: 1 %trips\.\d+ = maximum\(%\d+, 0\) : i64
# GOLDEN-GRAPH: loop.fast
# IR-NOT: while|one_hot|rows_append|call
# IR-HAS: = add\(%\d+, 0\.0\) : Tensor\[f64, 1\]
# GOLDEN-GRAPH: loop.slow
# IR-COUNT: 1 = while\(
# IR-COUNT: 1 = while\(%\d+, %\d+, %\d+, %\d+\) : \(i64, Tensor\[f64, 1\]\)
# EXPECT: [1.0, 0.9736663950053749, 0.8960524975255252, 0.7712460149971065]
# EXPECT: [1.0, 0.9736663950053749, 0.8960524975255252, 0.7712460149971065]
def micro_dot(v1, v2):
    return sum(v1 * v2)

def main():
    n = int(arg(0, 4))
    v1 = sin(0.37 * arange(n))
    w = cos(0.23 * arange(n))
    f = lambda v: micro_dot(v, w)
    print(jacfwd(f)(v1))
    print(jacrev(f)(v1))
