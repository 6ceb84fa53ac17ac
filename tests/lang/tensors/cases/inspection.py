"""inspection/: .shape, .ndim, len."""

import numpy as np

from cases.core import fx


@fx("inspection/shape_ndim_len", "x.shape is a tuple of i64, x.ndim an i64, len(x) the leading extent.", """
    def main():
        x = zeros((2, 3, 4))
        print(x.shape, x.ndim, len(x))
        v = [1.0, 2.0, 3.0, 4.0, 5.0]
        print(v.shape, v.ndim, len(v))
        m = [[1, 2, 3]]
        print(m.shape, m.ndim, len(m))
        print(x.shape[1], x.shape[-1])
""")
def _(p):
    x = np.zeros((2, 3, 4))
    p(x.shape, x.ndim, len(x))
    v = np.arange(1.0, 6.0)
    p(v.shape, v.ndim, len(v))
    m = np.array([[1, 2, 3]])
    p(m.shape, m.ndim, len(m))
    p(x.shape[1], x.shape[-1])


@fx("inspection/shape_of_results", "shapes of results of products, reductions, slices and transposes.", """
    def main():
        a = ones((2, 3))
        b = ones((3, 4))
        t = ones((2, 3, 4))
        print((a @ b).shape, (a.T).shape, transpose(t).shape)
        print(sum(t, axis=1).shape, sum(t, axis=1, keepdims=True).shape, sum(t, axis=-1).shape)
        print(t[0].shape, t[:, 1].shape, t[1:, :, ::2].shape, t[0, 0].shape)
        print(reshape(t, (4, -1)).shape, concat((a, a), axis=1).shape, stack((a, a)).shape)
""")
def _(p):
    a = np.ones((2, 3))
    b = np.ones((3, 4))
    t = np.ones((2, 3, 4))
    p((a @ b).shape, a.T.shape, t.T.shape)
    p(np.sum(t, axis=1).shape, np.sum(t, axis=1, keepdims=True).shape, np.sum(t, axis=-1).shape)
    p(t[0].shape, t[:, 1].shape, t[1:, :, ::2].shape, t[0, 0].shape)
    p(t.reshape(4, -1).shape, np.concatenate((a, a), axis=1).shape, np.stack((a, a)).shape)


@fx("inspection/shape_unpack", "a shape tuple unpacks into i64 variables usable in arithmetic and ranges.", """
    def main():
        x = ones((3, 5))
        n, m = x.shape
        print(n, m, n * m)
        total = 0
        for i in range(n):
            total += m
        print(total)
        print(zeros((m, n)).shape)
""")
def _(p):
    n, m = np.ones((3, 5)).shape
    p(n, m, n * m)
    p(sum(m for _ in range(n)))
    p(np.zeros((m, n)).shape)


@fx("inspection/generic_over_rank", """a function reading .shape/.ndim/len is generic over the
rank: called with rank 1, 2 and 3 tensors.""", """
    def describe(t):
        return (t.ndim, len(t), t.shape[0])

    def main():
        print(describe([1.0, 2.0]))
        print(describe(ones((4, 2))))
        print(describe(zeros((5, 1, 1))))
        print(describe(arange(7)))
""")
def _(p):
    for t in (np.array([1.0, 2.0]), np.ones((4, 2)), np.zeros((5, 1, 1)), np.arange(7)):
        p((t.ndim, len(t), t.shape[0]))
