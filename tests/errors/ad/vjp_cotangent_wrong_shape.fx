# Pins: a cotangent of the wrong shape handed to vjp's pullback is a located error, also where the
# optimiser writes the adjoint of a vector-matrix product as an outer product (opt/matmul_adjoints.cpp
# keeps the check unless the types show the shapes agree).
# EXIT: 2
# STDERR: {file}:9:14: error: matmul_vjp_b: cotangent of shape (2,) does not fit a of shape (2,) and b of shape (2, 3)
def f(m: Tensor[f64, 2]):
    u = [1.0, 2.0]
    # u @ m has shape (3,)
    return u @ m

def main():
    m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    y, pb = vjp(f, m)
    print(pb([1.0, 2.0]))
