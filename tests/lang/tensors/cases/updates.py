"""updates/: x[i] = v, x[i, j] = v, x[a:b] = t, augmented updates, value semantics (§3)."""

import numpy as np

from cases.core import Struct, fx


@fx("updates/set_element", "x[i] = v and x[i, j] = v replace one element; negative indices too.", """
    def main():
        x = [1.0, 2.0, 3.0]
        x[1] = 5.0
        x[-1] = -3.0
        print(x)
        m = zeros((2, 3))
        m[0, 1] = 7.0
        m[-1, -1] = 8.0
        m[1, 0] = m[0, 1] + 1.0
        print(m)
""")
def _(p):
    x = np.array([1.0, 2.0, 3.0])
    x[1] = 5.0
    x[-1] = -3.0
    p(x)
    m = np.zeros((2, 3))
    m[0, 1] = 7.0
    m[-1, -1] = 8.0
    m[1, 0] = m[0, 1] + 1.0
    p(m)


@fx("updates/set_row", "m[i] = row replaces a row; a scalar broadcasts over the row.", """
    def main():
        m = zeros((3, 3))
        m[1] = [9.0, 8.0, 7.0]
        m[0] = 1.5
        m[-1] = m[1] * 2.0
        print(m)
        t = zeros((2, 2, 2))
        t[1] = [[1.0, 2.0], [3.0, 4.0]]
        t[0, 1] = 5.0
        print(t)
""")
def _(p):
    m = np.zeros((3, 3))
    m[1] = [9.0, 8.0, 7.0]
    m[0] = 1.5
    m[-1] = m[1] * 2.0
    p(m)
    t = np.zeros((2, 2, 2))
    t[1] = [[1.0, 2.0], [3.0, 4.0]]
    t[0, 1] = 5.0
    p(t)


@fx("updates/set_slice", "x[a:b] = t, strided and column slices, broadcasting of the value.", """
    def main():
        x = zeros(6)
        x[1:3] = [7.0, 8.0]
        print(x)
        x[::2] = 1.0
        print(x)
        x[5:0:-2] = [10.0, 20.0, 30.0]
        print(x)
        m = zeros((2, 3))
        m[:, 0] = [1.0, 2.0]
        m[:, 1:] = [[3.0, 4.0], [5.0, 6.0]]
        print(m)
        m[:, ::-1] = [1.0, 2.0, 3.0]
        print(m)
""")
def _(p):
    x = np.zeros(6)
    x[1:3] = [7.0, 8.0]
    p(x)
    x[::2] = 1.0
    p(x)
    x[5:0:-2] = [10.0, 20.0, 30.0]
    p(x)
    m = np.zeros((2, 3))
    m[:, 0] = [1.0, 2.0]
    m[:, 1:] = [[3.0, 4.0], [5.0, 6.0]]
    p(m)
    m[:, ::-1] = [1.0, 2.0, 3.0]
    p(m)


@fx("updates/aliasing", """an update rebinds the variable (§3): y = x; x[0] = 1.0 leaves y
unchanged, for elements, rows and slices.""", """
    def main():
        x = [5.0, 6.0, 7.0]
        y = x
        x[0] = 1.0
        print(y)
        print(x)
        m = ones((2, 2))
        n = m
        m[1] = [0.0, 0.0]
        m[0:1] = [[3.0, 3.0]]
        print(n)
        print(m)
""")
def _(p):
    x = np.array([5.0, 6.0, 7.0])
    y = x.copy()
    x[0] = 1.0
    p(y)
    p(x)
    m = np.ones((2, 2))
    n = m.copy()
    m[1] = [0.0, 0.0]
    m[0:1] = [[3.0, 3.0]]
    p(n)
    p(m)


@fx("updates/aliasing_in_loop", """an update inside a loop never reaches a copy taken before the
loop or in an earlier iteration.""", """
    def main():
        x = zeros(4)
        before = x
        snapshots = zeros((4, 4))
        for i in range(4):
            x[i] = float(i + 1)
            snapshots[i] = x
        print(before)
        print(snapshots)
""")
def _(p):
    x = np.zeros(4)
    before = x.copy()
    snaps = np.zeros((4, 4))
    for i in range(4):
        x[i] = float(i + 1)
        snaps[i] = x
    p(before)
    p(snaps)


@fx("updates/augmented", "x[i] += v, x[i, j] *= v, x[a:b] -= t read then update.", """
    def main():
        x = [1.0, 2.0, 3.0, 4.0]
        for i in range(len(x)):
            x[i] += 0.5
        print(x)
        x[1:3] -= [1.0, 2.0]
        print(x)
        m = ones((2, 2))
        m[0, 1] *= 3.0
        m[1] /= 4.0
        print(m)
        c = arange(4)
        c[2] += 10
        c[0] -= 1
        print(c)
""")
def _(p):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    x += 0.5
    p(x)
    x[1:3] -= [1.0, 2.0]
    p(x)
    m = np.ones((2, 2))
    m[0, 1] *= 3.0
    m[1] /= 4.0
    p(m)
    c = np.arange(4)
    c[2] += 10
    c[0] -= 1
    p(c)


@fx("updates/callee_copy", "a callee updating its tensor parameter returns a new value; the caller's is unchanged.", """
    def zero_first(t):
        t[0] = 0.0
        return t

    def main():
        x = [1.0, 2.0]
        z = zero_first(x)
        print(x, z)
        m = ones((2, 2))
        w = zero_first(m)
        print(m, w)
""")
def _(p):
    x = np.array([1.0, 2.0])
    z = x.copy()
    z[0] = 0.0
    p(x, z)
    m = np.ones((2, 2))
    w = m.copy()
    w[0] = 0.0
    p(m, w)


@fx("updates/build_in_loop", "a tensor filled element by element in nested loops (the O(1) in-place path).", """
    def main():
        n = 4
        m = zeros((n, n))
        for i in range(n):
            for j in range(n):
                m[i, j] = float(i * n + j)
        print(m)
        v = zeros(1000)
        for i in range(1000):
            v[i] = float(i)
        print(sum(v), v[-1])
""")
def _(p):
    p(np.arange(16.0).reshape(4, 4))
    v = np.arange(1000.0)
    p(np.sum(v), v[-1])


@fx("updates/int_and_bool", "updates of i64 and bool tensors keep their dtype.", """
    def main():
        a = arange(5)
        a[2] = 10
        a[-1] = -1
        a[0:2] = [7, 8]
        print(a)
        b = a > 5
        b[0] = False
        print(b)
""")
def _(p):
    a = np.arange(5)
    a[2] = 10
    a[-1] = -1
    a[0:2] = [7, 8]
    p(a)
    b = a > 5
    b[0] = False
    p(b)


@fx("updates/struct_field_alias", "a tensor stored in a struct is not changed by later updates of the variable.", """
    struct Holder:
        w: Tensor[f64]

    def main():
        x = [1.0, 2.0]
        h = Holder(w=x)
        x[0] = 5.0
        print(h)
        w = h.w
        w[1] = -2.0
        h2 = Holder(w=w)
        print(h, h2)
        t = (x, x)
        x[1] = 0.0
        print(t, x)
""")
def _(p):
    p(Struct("Holder", w=np.array([1.0, 2.0])))
    p(Struct("Holder", w=np.array([1.0, 2.0])), Struct("Holder", w=np.array([1.0, -2.0])))
    p((np.array([5.0, 2.0]), np.array([5.0, 2.0])), np.array([5.0, 0.0]))
