# jacfwd of a closure over a captured vector of one element (by its type), which broadcasts
# against the argument: per direction, sum(one_hot(k, n) * w + v * zeros_like(w)) is w[0] + 0.0
# (opt/loop_env_checks.cpp: the product with a zero of one element is a zero of v's length, a
# sum with the basis vector reads w[0]), and the direction loop, whose every row is that number,
# is full((n,), w[0] + 0.0) (opt/row_loops.cpp): no loop, no closure.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: jacfwd,argnums=0
# IR-COUNT: 1 = full\(
# IR-COUNT: 1 = index\(%w\.\d+, "i", 0\)
# IR-NOT: while\(|make_closure|one_hot
# EXPECT: [2.5, 2.5, 2.5, 2.5]
# EXPECT: [2.5]
# EXPECT: []
def main():
    w = [2.5]
    f = lambda v: sum(v * w)
    print(jacfwd(f)(sin(arange(4.0))))
    print(jacfwd(f)([3.0]))
    print(jacfwd(f)(zeros(0)))
