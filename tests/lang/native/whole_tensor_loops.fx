# Whole-tensor operations as C loops in native code, against the runtime's results bit for
# bit: max and min of a whole f64 tensor (codegen/full_extremes.cpp: the first nan wins, ties
# and signed zeros keep the first element, views and rank 0 go to the runtime), a sum or mean
# alone (a fused kernel of one sum, docs/opt.md "Fusion": the runtime's pairwise order, also
# past 128 elements), and elementwise operations into a new tensor (codegen/elementwise_loops.cpp:
# one function per operation and kind of operands; broadcasting and views go to the runtime),
# with x ** 0 and x ** 1 (1 and x for every x, nan included). native/differential runs it in
# the interpreter too; tests/errors/tensors/runtime/max_of_empty.fx has the empty tensor's error.
# EXPECT: 7.5 -1.0 3.5 -4.0 3.5 -2.5
# EXPECT: -0.0 0.0 0.0 -0.0
# EXPECT: nan nan 2.0 4.0
# EXPECT: 19.0 -1.5 -1.5 3.8 6.0 0.0 -0.25
# EXPECT: 1717.4228307349658 499.5 0.999 -0.5
# EXPECT: [4.0, 0.0, 8.5, 8.5, 3.0] [[-8.0, -5.0, -2.0], [1.0, 4.0, 7.0]] [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]] [9.0, 1.0, 56.25, 56.25, 4.0] [[-2.0, -1.25], [0.25, 1.0]] [[4.0, 2.5, 1.0], [-0.5, -2.0, -3.5]]
# EXPECT: [[-3.0, -0.5, 2.0], [1.5, 4.0, 6.5]] [1.0, 1.0, 1.0, 1.0, 1.0] [3.0, -1.0, 7.5, 7.5, 2.0] [9.0, 1.0, 56.25, 56.25, 4.0] [1.0, 1.0] [nan, -0.0]
# EXPECT: [[0.7568024953079282, -0.5984721441039565, -0.8414709848078965], [0.479425538604203, 0.9092974268256817, -0.35078322768961984]] [0.011108996538242306, 0.00020346836901064417, 1.0, 1.0, 0.004086771438464067] [[0.0, 0.0, 0.0], [0.5, 2.0, 3.5]]
def main():
    nan = 0.0 / 0.0 if arg(0, 1) == 0 else log(-1.0 + 0.0 * arg(0, 1.0))
    x = [3.0, -1.0, 7.5, 7.5, 2.0]
    m = reshape(arange(6) * 1.5 - 4.0, (2, 3))
    print(max(x), min(x), max(m), min(m), max(transpose(m)), min(m[:, 1:]))
    print(max([-0.0, 0.0]), max([0.0, -0.0]), min([0.0, -0.0]), min([-0.0, 0.0]))
    print(max([1.0, nan, 5.0]), min([nan, -3.0]), max([2.0]), min([4.0, 4.0]))
    print(sum(x), sum(m), sum(transpose(m)), mean(x), sum(m[1:, :]), sum(zeros(0)), mean(m))
    y = arange(1000) * 0.001
    print(sum(exp(y)), sum(y), max(y), min(y - 0.5))
    print(x + 1, 2 * m, m - transpose(transpose(m)), x * x, m[:, 0:2] / 2.0, -m)
    print(m + [1.0, 2.0, 3.0], x ** 0, x ** 1, x ** 2, [nan, 2.0] ** 0, [nan, -0.0] ** 1)
    print(sin(m), exp(x - max(x)), maximum(m, 0.0))
