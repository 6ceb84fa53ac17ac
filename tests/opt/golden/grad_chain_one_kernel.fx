# The gradient of a chain of elementwise operations on vectors whose lengths are known only
# when the program runs (bench/overhead/per_op_tensor.fx, shortened) is one kernel, as the
# primal is: every value of the chain has the shape of a2 = a1 * a0 (known_shapes.cpp, with the
# roots of a long chain found in order: ShapeRootScope), so the unbroadcasts between its
# operations are identities and each sum of two cotangents of one value is an addition
# (tangent-adds), and the seed broadcast expand_reduced(1.0, a2, None, False) cannot fail, so
# the forward operations may move past it into the backward region. Left around the kernel:
# the product that gives the shape, the seed, and x's unbroadcast (b broadcasts against x).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# (The other kernel is main's x + 1.3, fused with a2 = b * x.)
# IR-COUNT: 2 = fused\(
# IR-HAS: = expand_reduced\(1\.0, %a2\.\d+, None, False\) .*\n  %(\d+) = fused\(.*\n  %\d+ = unbroadcast\(%\1,
# IR-COUNT: 1 = unbroadcast\(
# IR-NOT: add_tangent|= sub\(|= div\(
# EXPECT: [11.111111111111109, 11.111111111111109]
def chain(a0, a1):
    a2 = a1 * a0
    a3 = a2 - a1
    a4 = a3 / a2
    a5 = a4 + a3
    a6 = a5 * a4
    a7 = a6 - a5
    return sum(a7 / a6)

def main():
    n = arg(0, 2)
    x = 0.0 * arange(n) + 1.3
    b = [0.7]
    print(grad(chain)(x, b))
