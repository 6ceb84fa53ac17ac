# Pins: hessian of f: Tensor -> scalar has rank 2r: diag(6 v) for sum(v ** 3), A + A.T for
# the quadratic form x @ A @ x, and jacfwd/jacrev composed either way agree with it.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [[6.0, 0.0], [0.0, 12.0]]
# EXPECT: [[2.0, 2.0], [2.0, 6.0]]
# EXPECT: True
# EXPECT: (1, 2, 1, 2)
# EXPECT: [[[[6.0, 0.0]], [[0.0, 12.0]]]]
# EXPECT: True True True
# EXPECT: [[-0.5, 1.0, 0.0], [1.0, -0.5, 1.0], [0.0, 1.0, -0.5]]

def quad(x, a):
    return x @ (a @ x)

def energy(v):
    return sum(v[1:] * v[:-1]) - 0.25 * sum(v * v)

def main():
    print(hessian(lambda v: sum(v ** 3.0))([1.0, 2.0]))
    a = [[1.0, 2.0], [0.0, 3.0]]
    print(hessian(quad)([5.0, -1.0], a))
    b = [[1.0, -2.0, 0.5], [4.0, 0.0, 1.0], [3.0, 2.0, -1.0]]
    print(max(abs(hessian(quad)([0.1, 0.2, 0.3], b) - (b + b.T))) < 1e-12)
    h = hessian(lambda v: sum(v ** 3.0))([[1.0, 2.0]])
    print(h.shape)
    print(h)
    v = [0.5, -1.0, 2.0]
    f = lambda v: sum(exp(v) * v)
    hh = hessian(f)(v)
    print(max(abs(jacrev(jacrev(f))(v) - hh)) < 1e-12, max(abs(jacfwd(jacfwd(f))(v) - hh)) < 1e-12,
          max(abs(jacrev(jacfwd(f))(v) - hh)) < 1e-12)
    print(hessian(energy)(v))
