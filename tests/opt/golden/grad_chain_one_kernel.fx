# The gradient of a chain of elementwise operations on vectors whose lengths are known only
# when the program runs (bench/overhead/per_op_tensor.fx, shortened) is one kernel, as the
# primal is: every value of the chain has the shape of a2 = a1 * a0 (known_shapes.cpp, with the
# roots of a long chain found in order: ShapeRootScope), so the unbroadcasts between its
# operations are identities, each sum of two cotangents of one value is an addition
# (tangent-adds), and the seed expand_reduced(1.0, a2, None, False), a number at every element,
# is the number 1.0 in the operations that read it (shaped_identities.cpp). The kernel also
# takes main's x = 0.0 * arange(n) + 1.3. Left beside it: x's unbroadcast (b broadcasts
# against x).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-COUNT: 1 = fused\(
# IR-HAS: %(\d+) = fused\(.*\n  %\d+ = unbroadcast\(%\1,
# IR-COUNT: 1 = unbroadcast\(
# IR-NOT: expand_reduced|add_tangent|= sub\(|= div\(
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
