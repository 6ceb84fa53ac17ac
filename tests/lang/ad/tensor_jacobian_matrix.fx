# Pins: the Jacobian of a matrix-valued function of a matrix is rank 4, out.shape + in.shape:
# d(M @ M)_ij / dM_kl = delta_ik M_lj + M_ik delta_jl; elementwise maps give diagonal blocks.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: (2, 2, 2, 2) (2, 2, 2, 2)
# EXPECT: True
# EXPECT: [[2.0, 5.0], [0.0, 2.0]]
# EXPECT: [[0.0, 0.0], [1.0, 0.0]]
# EXPECT: True
# EXPECT: (2, 3, 3)
# EXPECT: (3, 3, 3, 2)

def square(m):
    return m @ m

def delta(i, j):
    return 1.0 if i == j else 0.0

def main():
    m = [[1.0, 2.0], [3.0, 4.0]]
    jf = jacfwd(square)(m)
    jr = jacrev(square)(m)
    print(jf.shape, jr.shape)
    ok = True
    for i in range(2):
        for j in range(2):
            for k in range(2):
                for l in range(2):
                    want = delta(i, k) * m[l, j] + m[i, k] * delta(j, l)
                    ok = ok and jf[i, j, k, l] == want and jr[i, j, k, l] == want
    print(ok)
    print(jf[0, 1])
    print(jacrev(lambda m: m.T)(m)[0, 1])
    w = [[0.1, -0.2, 0.3], [1.0, 0.0, -1.0]]
    j = jacfwd(tanh)(w)
    print(max(abs(j[1, 2] - (1.0 - tanh(w[1, 2]) ** 2.0) * reshape(one_hot(5, 6), (2, 3)))) < 1e-15)
    print(jacrev(lambda v: outer(v, v)[0:2])([1.0, 2.0, 3.0]).shape)
    print(jacfwd(lambda x: x @ w)([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]).shape)
