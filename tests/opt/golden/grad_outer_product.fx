# The gradient of u @ M @ v with respect to M is outer(u, v) (dF~ §5; opt/matmul_adjoints.cpp):
# reverse mode writes the cotangents as matmul_vjp_a/_b, matrix products; for vector operands
# they are plain products, the seed's 1.0 drops out, and M's cotangent is the outer product of
# u and v, read straight from the arguments. What stays of the forward pass is u @ M and its
# product with v (they check the shapes, so the gradient fails where f does). The adjoint of
# u, which nobody reads, goes: the rules built it, and its shapes fit once the primal product
# ran (ir::Node::follows_primal, docs/opt.md "What the passes keep").
# GOLDEN-FN: main
# STAGE: native
# The gradient is inlined into main once it is plain code (inline_calls.cpp), so main is checked.
# GOLDEN-GRAPH: main
# IR-HAS: ^  %(\d+) = outer\(%u\.\d+, %v\.\d+\) : Tensor\[f64, \(2, 3\)\] +# [\d:]+\n  %\d+ = print\(%\1\)
# IR-NOT: matmul_vjp_b
# IR-NOT: matmul_vjp_a
# IR-COUNT: 1 = matmul\(%u\.\d+, %m\.\d+\)
# IR-COUNT: 1 = matmul\(%\d+, %v\.\d+\)
# IR-NOT: make_closure|call
# EXPECT: [[1.0, 0.5, 0.25], [2.0, 1.0, 0.5]]
# EXPECT: [[1.0, 0.5, 0.25], [2.0, 1.0, 0.5]]
def f(u: Tensor[f64, 1], m: Tensor[f64, 2], v: Tensor[f64, 1]):
    return u @ m @ v

def main():
    u = [1.0, 2.0]
    m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    v = [1.0, 0.5, 0.25]
    print(grad(f, argnums=1)(u, m, v))
    print(outer(u, v))
