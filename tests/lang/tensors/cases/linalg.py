"""linalg/: matmul in every rank combination, dot, outer, transpose, trace, reshape, concat,
stack, diag."""

import numpy as np

from cases.core import fx

A = "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]"      # (2, 3)
B = "[[1.0, 0.0], [2.0, -1.0], [0.5, 3.0]]"    # (3, 2)
NA, NB = np.array(eval(A)), np.array(eval(B))


@fx("linalg/matmul_2d", "2-D @ 2-D, the function form matmul, and non-square results.", f"""
    def main():
        a = {A}
        b = {B}
        print(a @ b)
        print(b @ a)
        print(matmul(a, b) == a @ b)
        print((a @ b).shape, (b @ a).shape)
""")
def _(p):
    p(NA @ NB)
    p(NB @ NA)
    p(np.matmul(NA, NB) == NA @ NB)
    p((NA @ NB).shape, (NB @ NA).shape)


@fx("linalg/matmul_1d", "1-D operands: 1-D @ 2-D (a row), 2-D @ 1-D (a column), 1-D @ 1-D (a scalar).", f"""
    def main():
        a = {A}
        v = [1.0, -1.0]
        w = [2.0, 0.5, 1.0]
        print(v @ a, (v @ a).shape)
        print(a @ w, (a @ w).shape)
        print(w @ w)
        print(w @ w + 1.0)
""")
def _(p):
    v = np.array([1.0, -1.0])
    w = np.array([2.0, 0.5, 1.0])
    p(v @ NA, (v @ NA).shape)
    p(NA @ w, (NA @ w).shape)
    p(w @ w)
    p(w @ w + 1.0)


@fx("linalg/matmul_batched", """rank > 2 operands are stacks of matrices; leading axes broadcast:
(2,2,3)@(3,2), (2,2,3)@(2,3,4), (1,2,3)@(4,3,2), (2,2,3)@(3,) and (3,)@(2,3,2).""", """
    def main():
        s = reshape(arange(12.0), (2, 2, 3))
        b = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]
        print(s @ b)
        t = reshape(arange(24.0), (2, 3, 4))
        print((s @ t).shape, s @ t)
        u = reshape(arange(6.0), (1, 2, 3))
        v = reshape(arange(24.0), (4, 3, 2))
        print((u @ v).shape, sum(u @ v, axis=0))
        print(s @ [1.0, 2.0, 3.0])
        print([1.0, 0.0, -1.0] @ reshape(arange(12.0), (2, 3, 2)))
""")
def _(p):
    s = np.arange(12.0).reshape(2, 2, 3)
    b = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    p(s @ b)
    t = np.arange(24.0).reshape(2, 3, 4)
    p((s @ t).shape, s @ t)
    u = np.arange(6.0).reshape(1, 2, 3)
    v = np.arange(24.0).reshape(4, 3, 2)
    p((u @ v).shape, np.sum(u @ v, axis=0))
    p(s @ np.array([1.0, 2.0, 3.0]))
    p(np.array([1.0, 0.0, -1.0]) @ np.arange(12.0).reshape(2, 3, 2))


@fx("linalg/matmul_ints", "matmul of i64 tensors is i64; i64 with f64 gives f64.", """
    def main():
        a = [[1, 2], [3, 4]]
        print(a @ a, a @ [1, 1], [1, 1] @ [2, 3])
        print(a @ [[0.5], [0.25]])
""")
def _(p):
    a = np.array([[1, 2], [3, 4]])
    p(a @ a, a @ np.array([1, 1]), np.array([1, 1]) @ np.array([2, 3]))
    p(a @ np.array([[0.5], [0.25]]))


@fx("linalg/dot", "dot of vectors is the inner product, of matrices the matrix product, of matrix and vector matmul.", f"""
    def main():
        print(dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]))
        print(dot({A}, {B}))
        print(dot({A}, [1.0, 1.0, 1.0]))
        print(dot([1, 2], [3, 4]))
""")
def _(p):
    p(np.dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]))
    p(np.dot(NA, NB))
    p(np.dot(NA, [1.0, 1.0, 1.0]))
    p(np.dot(np.array([1, 2]), np.array([3, 4])))


@fx("linalg/outer", "outer(a, b)[i, j] = a[i] * b[j]; matrices are flattened first.", """
    def main():
        print(outer([1.0, 2.0], [3.0, 4.0, 5.0]))
        print(outer([1, 2], [3, 4]))
        print(outer([[1.0, 2.0], [3.0, 4.0]], [1.0, -1.0]).shape)
        a = [1.0, 2.0]
        b = [0.5, 1.5, 2.5]
        print(outer(a, b) == reshape(a, (2, 1)) * b)
""")
def _(p):
    p(np.outer([1.0, 2.0], [3.0, 4.0, 5.0]))
    p(np.outer(np.array([1, 2]), np.array([3, 4])))
    p(np.outer(np.array([[1.0, 2.0], [3.0, 4.0]]), [1.0, -1.0]).shape)
    a = np.array([1.0, 2.0])
    b = np.array([0.5, 1.5, 2.5])
    p(np.outer(a, b) == a.reshape(2, 1) * b)


@fx("linalg/transpose", "x.T and transpose(x) reverse the axes; a 1-D .T is itself; .T.T is x.", f"""
    def main():
        a = {A}
        print(a.T)
        print(transpose(a) == a.T)
        t = reshape(arange(24), (2, 3, 4))
        print(t.T.shape, t.T[3, 2], t.T[:, 0, 1])
        print([1.0, 2.0].T, a.T.T == a)
        print(a.T @ a)
""")
def _(p):
    p(NA.T)
    p(np.transpose(NA) == NA.T)
    t = np.arange(24).reshape(2, 3, 4)
    p(t.T.shape, t.T[3, 2], t.T[:, 0, 1])
    p(np.array([1.0, 2.0]).T, NA.T.T == NA)
    p(NA.T @ NA)


@fx("linalg/trace", "trace sums the main diagonal (non-square too); i64 stays i64.", f"""
    def main():
        print(trace(eye(3)), trace({A}), trace([[1, 2], [3, 4]]))
        print(trace({A} @ {B}), trace({B} @ {A}))
""")
def _(p):
    p(np.trace(np.eye(3)), np.trace(NA), np.trace(np.array([[1, 2], [3, 4]])))
    p(np.trace(NA @ NB), np.trace(NB @ NA))


@fx("linalg/reshape", "reshape with a tuple, with one -1 extent, and to rank 1 and 3; row-major order.", """
    def main():
        x = arange(6)
        print(reshape(x, (2, 3)))
        print(reshape(x, (3, -1)))
        print(reshape(x, (-1, 2)).shape, reshape(x, (-1,)).shape)
        m = reshape(arange(1.0, 7.0), (2, 3))
        print(reshape(m, (3, 2)))
        print(reshape(m.T, (6,)))
        print(reshape(m, (1, 3, 2)))
        print(reshape(reshape(m, (-1,)), m.shape) == m)
""")
def _(p):
    x = np.arange(6)
    p(x.reshape(2, 3))
    p(x.reshape(3, -1))
    p(x.reshape(-1, 2).shape, x.reshape(-1).shape)
    m = np.arange(1.0, 7.0).reshape(2, 3)
    p(m.reshape(3, 2))
    p(m.T.reshape(6))
    p(m.reshape(1, 3, 2))
    p(m.reshape(-1).reshape(m.shape) == m)


@fx("linalg/reshape_int_shape", "reshape(x, n) with an int shape flattens to (n,), as NumPy's reshape.", """
    def main():
        m = [[1.0, 2.0], [3.0, 4.0]]
        print(reshape(m, 4))
        print(reshape(m, -1))
""")
def _(p):
    m = np.array([[1.0, 2.0], [3.0, 4.0]])
    p(m.reshape(4))
    p(m.reshape(-1))


@fx("linalg/concat", "concat((a, b, ...), axis) joins along an existing axis (default 0, negative allowed).", f"""
    def main():
        a = {A}
        print(concat((a, a)))
        print(concat((a, [[7.0], [8.0]]), axis=1))
        print(concat((a, a, a), axis=-1).shape)
        print(concat(([1, 2], [3], arange(2))))
        print(concat((a, [[0.0, 0.0, 0.0]]), axis=0))
""")
def _(p):
    p(np.concatenate((NA, NA)))
    p(np.concatenate((NA, [[7.0], [8.0]]), axis=1))
    p(np.concatenate((NA, NA, NA), axis=-1).shape)
    p(np.concatenate((np.array([1, 2]), np.array([3]), np.arange(2))))
    p(np.concatenate((NA, [[0.0, 0.0, 0.0]]), axis=0))


@fx("linalg/stack", "stack((a, b, ...), axis) joins along a new axis (default 0, negative allowed).", """
    def main():
        a = [1.0, 2.0, 3.0]
        b = [4.0, 5.0, 6.0]
        print(stack((a, b)))
        print(stack((a, b), axis=1))
        print(stack((a, b, a), axis=-1))
        m = [[1, 2], [3, 4]]
        print(stack((m, m * 10), axis=1))
        print(stack((m, m), axis=2).shape)
""")
def _(p):
    a = np.array([1.0, 2.0, 3.0])
    b = np.array([4.0, 5.0, 6.0])
    p(np.stack((a, b)))
    p(np.stack((a, b), axis=1))
    p(np.stack((a, b, a), axis=-1))
    m = np.array([[1, 2], [3, 4]])
    p(np.stack((m, m * 10), axis=1))
    p(np.stack((m, m), axis=2).shape)


@fx("linalg/diag", "diag of a vector builds a matrix (offset k); diag of a matrix reads diagonal k.", """
    def main():
        print(diag([1.0, 2.0]))
        print(diag([1, 2], 1))
        print(diag([5.0], k=-1))
        m = reshape(arange(1.0, 13.0), (3, 4))
        print(diag(m), diag(m, 1), diag(m, -1), diag(m, 3), diag(m, k=-2))
        print(diag(diag([3.0, 4.0])))
""")
def _(p):
    p(np.diag([1.0, 2.0]))
    p(np.diag(np.array([1, 2]), 1))
    p(np.diag([5.0], k=-1))
    m = np.arange(1.0, 13.0).reshape(3, 4)
    p(np.diag(m), np.diag(m, 1), np.diag(m, -1), np.diag(m, 3), np.diag(m, k=-2))
    p(np.diag(np.diag([3.0, 4.0])))


@fx("linalg/composed", "products composed with transposes, traces and reductions (exact integer-valued floats).", """
    def main():
        x = reshape(arange(1.0, 7.0), (3, 2))
        g = x.T @ x
        print(g, trace(g), trace(x @ x.T))
        print(sum(x @ x.T, axis=0))
        print(eye(3) @ x == x, x @ eye(2) == x)
        y = outer([1.0, 2.0, 3.0], [1.0, 1.0])
        print(sum(x * y), dot(reshape(x, (-1,)), reshape(y, (-1,))))
""")
def _(p):
    x = np.arange(1.0, 7.0).reshape(3, 2)
    g = x.T @ x
    p(g, np.trace(g), np.trace(x @ x.T))
    p(np.sum(x @ x.T, axis=0))
    p(np.eye(3) @ x == x, x @ np.eye(2) == x)
    y = np.outer([1.0, 2.0, 3.0], [1.0, 1.0])
    p(np.sum(x * y), np.dot(x.reshape(-1), y.reshape(-1)))
