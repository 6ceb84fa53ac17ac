"""indexing/: integers (negative), slices with steps, mixed, clamping, views."""

import numpy as np

from cases.core import fx

M = "[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]"
NM = np.array(eval(M))
V = "[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]"
NV = np.array(eval(V))


@fx("indexing/integers_2d", "x[i] is a row, x[i, j] and x[i][j] an element.", f"""
    def main():
        x = {M}
        print(x[1])
        print(x[1, 2], x[1][2])
        print(x[0, 0] + x[2, 3])
""")
def _(p):
    p(NM[1])
    p(NM[1, 2], NM[1][2])
    p(NM[0, 0] + NM[2, 3])


@fx("indexing/negative_indices", "negative indices count from the end, in every position.", f"""
    def main():
        x = {M}
        print(x[-1])
        print(x[-1, -2], x[-3, -4], x[0, -1])
        v = {V}
        print(v[-1], v[-8])
""")
def _(p):
    p(NM[-1])
    p(NM[-1, -2], NM[-3, -4], NM[0, -1])
    p(NV[-1], NV[-8])


@fx("indexing/slices", "slices a:b, :b, a:, : of a vector and of a matrix.", f"""
    def main():
        v = {V}
        print(v[1:3], v[:2], v[6:], v[:])
        x = {M}
        print(x[1:3])
        print(x[:1])
""")
def _(p):
    p(NV[1:3], NV[:2], NV[6:], NV[:])
    p(NM[1:3])
    p(NM[:1])


@fx("indexing/slice_steps", "slices with steps, also negative steps and negative bounds.", f"""
    def main():
        v = {V}
        print(v[::2])
        print(v[1::3])
        print(v[::-1])
        print(v[5:1:-2])
        print(v[-2::-1])
        print(v[-1:-4:-1])
        print(v[1:7:4])
""")
def _(p):
    p(NV[::2])
    p(NV[1::3])
    p(NV[::-1])
    p(NV[5:1:-2])
    p(NV[-2::-1])
    p(NV[-1:-4:-1])
    p(NV[1:7:4])


@fx("indexing/slice_clamping", "out-of-range slice bounds clamp as in Python; empty slices have shape (0,).", f"""
    def main():
        v = {V}
        print(v[2:100])
        print(v[-100:2])
        print(v[5:2], v[5:2].shape)
        print(v[100:], v[100:].shape)
        print(v[::-3])
        x = {M}
        print(x[5:], x[5:].shape)
""")
def _(p):
    p(NV[2:100])
    p(NV[-100:2])
    p(NV[5:2], NV[5:2].shape)
    p(NV[100:], NV[100:].shape)
    p(NV[::-3])
    p(NM[5:], NM[5:].shape)


@fx("indexing/mixed_2d", "integers and slices mixed: columns, reversed rows, strided blocks.", f"""
    def main():
        x = {M}
        print(x[:, 1])
        print(x[1, :])
        print(x[:, ::-1])
        print(x[::2, 1:])
        print(x[-1, ::-1])
        print(x[1:, -1])
        print(x[:, -2:])
""")
def _(p):
    p(NM[:, 1])
    p(NM[1, :])
    p(NM[:, ::-1])
    p(NM[::2, 1:])
    p(NM[-1, ::-1])
    p(NM[1:, -1])
    p(NM[:, -2:])


@fx("indexing/rank3", "indexing a rank-3 tensor: fewer indices than axes, mixed positions.", """
    def main():
        t = reshape(arange(24), (2, 3, 4))
        print(t[1])
        print(t[0, :, 1])
        print(t[:, -1])
        print(t[1, 1:, ::2])
        print(t[-1, -1, -1], t[0, 2, 3])
        print(t[:, :, 0])
""")
def _(p):
    t = np.arange(24).reshape(2, 3, 4)
    p(t[1])
    p(t[0, :, 1])
    p(t[:, -1])
    p(t[1, 1:, ::2])
    p(t[-1, -1, -1], t[0, 2, 3])
    p(t[:, :, 0])


@fx("indexing/computed_indices", "indices and slice bounds computed from variables and expressions.", f"""
    def main():
        x = {M}
        i = 2
        j = -1
        print(x[i - 1, j])
        a = 1
        b = len(x)
        print(x[a:b, a:b + 1])
        s = -1
        print(x[b - 1, ::s])
        print(x[i // 2, i % 3])
""")
def _(p):
    p(NM[1, -1])
    p(NM[1:3, 1:4])
    p(NM[2, ::-1])
    p(NM[1, 2])


@fx("indexing/int_and_bool_tensors", "indexing keeps the dtype: i64 elements are ints, bool elements bools.", """
    def main():
        a = arange(10)
        print(a[3:7], a[-1], a[::3])
        b = a % 3 == 0
        print(b[0], b[1], b[::4])
        print(a[a[2]])
""")
def _(p):
    a = np.arange(10)
    p(a[3:7], a[-1], a[::3])
    b = a % 3 == 0
    p(b[0], b[1], b[::4])
    p(a[a[2]])


@fx("indexing/loop_sum", "indexing inside loops: row sums and a trace by explicit indices.", f"""
    def main():
        x = {M}
        n, m = x.shape
        rows = zeros(n)
        for i in range(n):
            s = 0.0
            for j in range(m):
                s += x[i, j]
            rows[i] = s
        print(rows)
        d = 0.0
        for k in range(min(n, m)):
            d += x[k, k]
        print(d)
""")
def _(p):
    p(NM.sum(axis=1))
    p(np.trace(NM))


@fx("indexing/chained", "chained indexing: a slice then an index, an index then a slice.", f"""
    def main():
        x = {M}
        print(x[1:][0])
        print(x[::-1][0])
        print(x[2][1:3])
        print(x[:, 1:][1][::-1])
        print(x[1:, 1:][-1, -1])
""")
def _(p):
    p(NM[1:][0])
    p(NM[::-1][0])
    p(NM[2][1:3])
    p(NM[:, 1:][1][::-1])
    p(NM[1:, 1:][-1, -1])


@fx("indexing/slice_is_a_value", """a slice is a value: updating the tensor afterwards does not
change it, and updating the slice does not change the tensor.""", f"""
    def main():
        x = {V}
        y = x[0:3]
        r = x[::-1]
        x[0] = 99.0
        print(y, r[-1])
        y[1] = -1.0
        print(x[0:3], y)
""")
def _(p):
    x = NV.copy()
    y = x[0:3].copy()
    r = x[::-1].copy()
    x[0] = 99.0
    p(y, r[-1])
    y[1] = -1.0
    p(x[0:3], y)
