"""broadcasting/: every binary operator with NumPy broadcasting, scalars with tensors."""

import numpy as np

from cases.core import fx

COL = "[[1.0], [2.0], [3.0]]"           # (3, 1)
ROW = "[10.0, 20.0, 30.0, 40.0]"         # (4,)
M23 = "[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]"
NCOL, NROW, NM23 = (np.array(eval(s)) for s in (COL, ROW, M23))


@fx("broadcasting/add_sub", "+ and - broadcast (3,1) with (4,), (2,3) with (3,), and scalars on either side.", f"""
    def main():
        c = {COL}
        r = {ROW}
        m = {M23}
        print(c + r)
        print(r - c)
        print(m + [100.0, 200.0, 300.0])
        print(m - [[1.0], [2.0]])
        print(1.0 + m, m - 0.5, 10.0 - m)
""")
def _(p):
    p(NCOL + NROW)
    p(NROW - NCOL)
    p(NM23 + np.array([100.0, 200.0, 300.0]))
    p(NM23 - np.array([[1.0], [2.0]]))
    p(1.0 + NM23, NM23 - 0.5, 10.0 - NM23)


@fx("broadcasting/mul_div", "* and / broadcast; / by zero in floats gives inf/nan.", f"""
    def main():
        c = {COL}
        r = {ROW}
        m = {M23}
        print(c * r)
        print(r / c)
        print(m * [[2.0], [0.5]])
        print(2.0 / m)
        print([1.0, -1.0, 0.0] / 0.0)
""")
def _(p):
    p(NCOL * NROW)
    p(NROW / NCOL)
    p(NM23 * np.array([[2.0], [0.5]]))
    p(2.0 / NM23)
    with np.errstate(all="ignore"):
        p(np.array([1.0, -1.0, 0.0]) / 0.0)


@fx("broadcasting/floordiv_mod", "// and % broadcast with Python's signs, ints and floats.", """
    def main():
        a = [[7], [-7]]
        b = [2, -2, 3]
        print(a // b)
        print(a % b)
        x = [[7.5], [-7.5]]
        y = [2.0, -2.0]
        print(x // y)
        print(x % y)
        print([-1.0, 1.0] % 3.0, -7 // [2, 3])
""")
def _(p):
    a = np.array([[7], [-7]])
    b = np.array([2, -2, 3])
    p(a // b)
    p(a % b)
    x = np.array([[7.5], [-7.5]])
    y = np.array([2.0, -2.0])
    p(x // y)
    p(x % y)
    p(np.array([-1.0, 1.0]) % 3.0, -7 // np.array([2, 3]))


@fx("broadcasting/pow", "** broadcasts: tensor ** scalar, scalar ** tensor, (2,1) ** (3,), ints stay ints.", """
    def main():
        x = [1.0, 2.0, 3.0]
        print(x ** 2, x ** 0.5 == sqrt(x), 2.0 ** x)
        print([[2.0], [3.0]] ** [0.0, 1.0, 2.0])
        print([2, 3] ** 3, 2 ** [0, 1, 10])
        print([4.0, 9.0] ** -1.0)
""")
def _(p):
    x = np.array([1.0, 2.0, 3.0])
    p(x ** 2, x ** 0.5 == np.sqrt(x), 2.0 ** x)
    p(np.array([[2.0], [3.0]]) ** np.array([0.0, 1.0, 2.0]))
    p(np.array([2, 3]) ** 3, 2 ** np.array([0, 1, 10]))
    p(np.array([4.0, 9.0]) ** -1.0)


@fx("broadcasting/maximum_minimum", "maximum/minimum and max(a, b)/min(a, b) of two tensors broadcast elementwise.", f"""
    def main():
        c = {COL}
        r = [0.0, 1.5, 2.5, 5.0]
        print(maximum(c, r))
        print(minimum(c, r))
        print(max([1.0, 5.0], [3.0, 2.0]), min([1, 5], [3, 2]))
        print(maximum([[1, 4]], 2))
""")
def _(p):
    r = np.array([0.0, 1.5, 2.5, 5.0])
    p(np.maximum(NCOL, r))
    p(np.minimum(NCOL, r))
    p(np.maximum([1.0, 5.0], [3.0, 2.0]), np.minimum([1, 5], [3, 2]))
    p(np.maximum(np.array([[1, 4]]), 2))


@fx("broadcasting/comparisons", "comparisons broadcast and give bool tensors.", f"""
    def main():
        c = {COL}
        r = [0.0, 2.0, 4.0]
        print(c < r)
        print(c <= r)
        print(c > r)
        print(c >= r)
        print(c == r)
        print(c != r)
        print([1, 2, 3] == 2, 2.5 < [1.0, 3.0])
""")
def _(p):
    r = np.array([0.0, 2.0, 4.0])
    p(NCOL < r)
    p(NCOL <= r)
    p(NCOL > r)
    p(NCOL >= r)
    p(NCOL == r)
    p(NCOL != r)
    p(np.array([1, 2, 3]) == 2, 2.5 < np.array([1.0, 3.0]))


@fx("broadcasting/rank3", "rank-3 broadcasting: (2,1,3) with (4,1) gives (2,4,3); (1,3) with (2,1,1).", """
    def main():
        a = reshape(arange(6.0), (2, 1, 3))
        b = [[1.0], [2.0], [3.0], [4.0]]
        c = a * b
        print(c.shape)
        print(c)
        d = [[1, 2, 3]] + reshape(arange(2), (2, 1, 1))
        print(d.shape, d)
""")
def _(p):
    a = np.arange(6.0).reshape(2, 1, 3)
    b = np.array([[1.0], [2.0], [3.0], [4.0]])
    c = a * b
    p(c.shape)
    p(c)
    d = np.array([[1, 2, 3]]) + np.arange(2).reshape(2, 1, 1)
    p(d.shape, d)


@fx("broadcasting/weak_scalars", """a scalar takes the tensor's dtype when of the same kind: i64
tensor + 1 is i64, i64 tensor * 2.5 is f64, f64 tensor + 1 is f64.""", """
    def main():
        a = [1, 2, 3]
        print(a + 1, a * 2.5, a - 1.0)
        x = [1.0, 2.0]
        print(x + 1, 3 * x, x // 1)
        n = 2
        print(a * n, x * n)
""")
def _(p):
    a = np.array([1, 2, 3])
    p(a + 1, a * 2.5, a - 1.0)
    x = np.array([1.0, 2.0])
    p(x + 1, 3 * x, x // 1)
    p(a * 2, x * 2)


@fx("broadcasting/unary", "unary minus, abs, sign, relu on tensors; abs and sign keep ints.", """
    def main():
        x = [-2.5, 0.0, 3.0]
        print(-x, abs(x), sign(x), relu(x))
        a = [-2, 0, 3]
        print(-a, abs(a), sign(a), relu(a))
        print(-[[1.0, -1.0]])
""")
def _(p):
    x = np.array([-2.5, 0.0, 3.0])
    p(-x, np.abs(x), np.sign(x), np.maximum(x, 0.0))
    a = np.array([-2, 0, 3])
    p(-a, np.abs(a), np.sign(a), np.maximum(a, 0))
    p(-np.array([[1.0, -1.0]]))


@fx("broadcasting/where_clip", "where(c, a, b) and clip(x, lo, hi) broadcast their three operands.", """
    def main():
        x = [[-2.0, -0.5], [0.5, 2.0]]
        print(where(x > 0.0, x, 0.0))
        print(where([True, False], x, [[10.0], [20.0]]))
        print(clip(x, -1.0, 1.0))
        print(clip([-5, 0, 5], -2, 3))
        print(clip(x, [-1.0, 0.0], 1.0))
""")
def _(p):
    x = np.array([[-2.0, -0.5], [0.5, 2.0]])
    p(np.where(x > 0.0, x, 0.0))
    p(np.where(np.array([True, False]), x, np.array([[10.0], [20.0]])))
    p(np.clip(x, -1.0, 1.0))
    p(np.clip(np.array([-5, 0, 5]), -2, 3))
    p(np.clip(x, np.array([-1.0, 0.0]), 1.0))


@fx("broadcasting/zero_size", "broadcasting with a zero-length axis gives a zero-length result.", """
    def main():
        e = zeros((0, 3))
        r = e + [1.0, 2.0, 3.0]
        print(r.shape, r)
        print((zeros((2, 0)) * ones((2, 1))).shape)
        print(sum(e + 1.0, axis=0))
""")
def _(p):
    e = np.zeros((0, 3))
    r = e + np.array([1.0, 2.0, 3.0])
    p(r.shape, r)
    p((np.zeros((2, 0)) * np.ones((2, 1))).shape)
    p(np.sum(e + 1.0, axis=0))


@fx("broadcasting/elementwise_math", """exp, log, sqrt, sin, cos, tanh, log1p, expm1, sigmoid, softplus
on tensors agree with NumPy to 1e-15 (exact where the result is exact).""", """
    def close(a, b):
        return max(abs(a - b)) <= 1e-15 * max(abs(b))

    def main():
        x = [0.25, 0.5, 1.0, 2.0]
        print(exp([0.0]), log([1.0, 4.0]) == [0.0, 2.0 * log(2.0)], sqrt([4.0, 0.25]))
        print(close(exp(x), {{exp}}), close(log(x), {{log}}), close(sqrt(x), {{sqrt}}))
        print(close(sin(x), {{sin}}), close(cos(x), {{cos}}), close(tanh(x), {{tanh}}))
        print(close(log1p(x), {{log1p}}), close(expm1(x), {{expm1}}), close(tan(x), {{tan}}))
        print(close(sigmoid(x), {{sigmoid}}), close(softplus(x), {{softplus}}))
        print(sigmoid([0.0]), tanh([0.0]), softplus([0.0]) == [log(2.0)])
""")
def _(p):
    x = np.array([0.25, 0.5, 1.0, 2.0])
    p(np.exp([0.0]), np.log([1.0, 4.0]) == np.array([0.0, 2.0 * np.log(2.0)]), np.sqrt([4.0, 0.25]))
    p(True, True, True)
    p(True, True, True)
    p(True, True, True)
    p(True, True)
    p(np.array([0.5]), np.array([0.0]), np.array([True]))
    return {"exp": np.exp(x), "log": np.log(x), "sqrt": np.sqrt(x), "sin": np.sin(x),
            "cos": np.cos(x), "tanh": np.tanh(x), "log1p": np.log1p(x), "expm1": np.expm1(x),
            "tan": np.tan(x), "sigmoid": 1.0 / (1.0 + np.exp(-x)), "softplus": np.log1p(np.exp(x))}
