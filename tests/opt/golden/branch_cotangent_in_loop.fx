# A loop that reads xs[t] in one branch of its body. The branch's pullback returns xs's
# cotangent as set_index(zeros_like(xs), t, ct) and the other branch's as zeros_like(xs), which
# the loop's backward pass added into its accumulator at every iteration: a tensor of len(xs)
# built and summed per iteration, quadratic in all. recursion-acc (opt/recursive_accumulators.cpp)
# hands the accumulator to copies of the branches instead (`case[acc]`, in their env), where
# tangents makes the reading branch's sum an addition in place, `set_index(acc, "+i", t, ct)`,
# and the other branch returns the accumulator as it came: the backward pass builds no zero
# and sums no tensor, each iteration costs O(1) (tests/lang/native/branch_cotangents_in_loops.fx
# checks the values natively).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: ad.jwhile_back_body_acc
# IR-NOT: zeros_like
# IR-NOT: = add_tangent\(%\d+, %\d+\) : Tensor
# IR-COUNT: 2 = make_closure\(@case\[acc\]\.\d+, %\d+\)
# GOLDEN-GRAPH: case[acc]
# IR-NOT: zeros_like
# IR-NOT: set_index
# EXPECT: [0.0, 0.5, 0.0, 1.0]
def f(w, xs):
    h = 0.0
    for t in range(len(xs)):
        if t % 2 == 0:
            h = h * w
        else:
            h = h + xs[t]
    return h

def main():
    print(grad(f, 1)(0.5, [1.0, 2.0, 3.0, 4.0]))
