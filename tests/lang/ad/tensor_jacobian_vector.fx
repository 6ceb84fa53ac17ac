# Pins: jacfwd and jacrev of f: R^n -> R^m are (m, n) tensors, agree with each other and
# with central finite differences; a polynomial map gives exact entries.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [[2.0, 1.0, 0.0], [0.0, 6.0, 4.0], [2.0, 0.0, 0.0]]
# EXPECT: [[2.0, 1.0, 0.0], [0.0, 6.0, 4.0], [2.0, 0.0, 0.0]]
# EXPECT: (2, 3) (2, 3)
# EXPECT: True True
# EXPECT: [3.0, 12.0, 27.0]
# EXPECT: [[1.0], [2.0], [3.0]]

def poly(x):
    return [x[0] * x[1], 2.0 * x[1] * x[2], x[0] ** 2.0]

def g(x):
    return [sin(x[0]) * x[1], exp(x[2]) - x[0] * x[2]]

# Column j is (g(x + h e_j) - g(x - h e_j)) / 2h; stacked as rows, then transposed.
def fd_jacobian(x):
    h = 1e-6
    n = len(x)
    cols = [(g(x + h * one_hot(j, n)) - g(x - h * one_hot(j, n))) / (2.0 * h) for j in range(n)]
    return cols.T

def main():
    x = [1.0, 2.0, 3.0]
    print(jacfwd(poly)(x))
    print(jacrev(poly)(x))
    y = [0.3, -1.2, 0.7]
    jf = jacfwd(g)(y)
    jr = jacrev(g)(y)
    print(jf.shape, jr.shape)
    print(max(abs(jf - jr)) < 1e-12, max(abs(jf - fd_jacobian(y))) < 1e-6)
    print(jacrev(lambda v: sum(v ** 3.0))(x))
    print(jacfwd(lambda s: [[s], [2.0 * s], [3.0 * s]])(2.0))
