# LogReg's gradient (bench/overhead/logreg.fx) as a careful person writes it: x^T (sigmoid(z) -
# y) / n, that is one matrix-vector product, one loop and another matrix-vector product.
# Derivative code is typed with extents forgotten; refine-extents (refined_extents.cpp) gives
# `x @ w` the extent (3,) that x's type knows, so the cotangents of `mean` and of `y * z` are
# known to have z's shape: `len` is the constant 3, the unbroadcasts are identities, the
# broadcast 1/3 becomes a number in the products (shaped_identities.cpp), the primal `y * z`
# cannot fail and goes, and the sum of the two cotangents of z is an addition that fusion
# joins to the loop (add_shaped_tangents).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-COUNT: 1 = matmul\(%x\.\d+, %w\.\d+\) : Tensor\[f64, \(3,\)\]
# IR-COUNT: 1 = fused\(
# IR-COUNT: 1 = matmul_vjp_b\(%x\.\d+, %\d+, %w\.\d+\)
# IR-NOT: unbroadcast|expand_reduced|add_tangent|len\(|= mul\(%y
# EXPECT: [-0.003322266487498525, -0.022482705980545782]
def logistic_loss(w, x, y):
    z = x @ w
    return mean(softplus(z) - y * z)

def main():
    x = reshape(0.1 * arange(6) - 0.2, (3, 2))
    y = [1.0, 0.0, 1.0]
    w = arg(0, 0.5) * [1.0, -2.0]
    print(grad(logistic_loss)(w, x, y))
