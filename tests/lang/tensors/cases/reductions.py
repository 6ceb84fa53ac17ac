"""reductions/: sum mean prod max min logsumexp argmax argmin norm, axis/keepdims/negative axis."""

import numpy as np

from cases.core import fx

M = "[[1.0, -2.0, 3.5], [4.0, 0.5, -6.0]]"
NM = np.array(eval(M))
T = "reshape(arange(24.0), (2, 3, 4))"
NT = np.arange(24.0).reshape(2, 3, 4)


@fx("reductions/sum", "sum over everything, each axis, a negative axis, with keepdims.", f"""
    def main():
        m = {M}
        print(sum(m))
        print(sum(m, axis=0), sum(m, axis=1), sum(m, axis=-1), sum(m, axis=-2))
        print(sum(m, axis=0, keepdims=True), sum(m, axis=1, keepdims=True))
        print(sum(m, keepdims=True))
""")
def _(p):
    p(np.sum(NM))
    p(np.sum(NM, axis=0), np.sum(NM, axis=1), np.sum(NM, axis=-1), np.sum(NM, axis=-2))
    p(np.sum(NM, axis=0, keepdims=True), np.sum(NM, axis=1, keepdims=True))
    p(np.sum(NM, keepdims=True))


@fx("reductions/mean", "mean with axis, negative axis and keepdims; centring by broadcasting the keepdims result.", f"""
    def main():
        m = {M}
        print(mean(m), mean(m, axis=0), mean(m, axis=-1))
        c = m - mean(m, axis=0, keepdims=True)
        print(c)
        print(sum(c, axis=0))
""")
def _(p):
    p(np.mean(NM), np.mean(NM, axis=0), np.mean(NM, axis=-1))
    c = NM - np.mean(NM, axis=0, keepdims=True)
    p(c)
    p(np.sum(c, axis=0))


@fx("reductions/prod", "prod over everything and along axes; ints stay ints.", f"""
    def main():
        m = {M}
        print(prod(m), prod(m, axis=0), prod(m, axis=1, keepdims=True))
        print(prod(arange(1, 11)), prod([[1, 2], [3, 4]], axis=-1))
""")
def _(p):
    p(np.prod(NM), np.prod(NM, axis=0), np.prod(NM, axis=1, keepdims=True))
    p(np.prod(np.arange(1, 11)), np.prod(np.array([[1, 2], [3, 4]]), axis=-1))


@fx("reductions/max_min", "max(x)/min(x) with one tensor reduce; with axis= too; keepdims.", f"""
    def main():
        m = {M}
        print(max(m), min(m))
        print(max(m, axis=0), min(m, axis=1), max(m, axis=-1, keepdims=True))
        print(min([[3, 1], [2, 5]], axis=0))
""")
def _(p):
    p(np.max(NM), np.min(NM))
    p(np.max(NM, axis=0), np.min(NM, axis=1), np.max(NM, axis=-1, keepdims=True))
    p(np.min(np.array([[3, 1], [2, 5]]), axis=0))


@fx("reductions/argmax_argmin", "argmax/argmin: flat index without axis, per axis with it, first of ties.", f"""
    def main():
        m = {M}
        print(argmax(m), argmin(m))
        print(argmax(m, axis=0), argmax(m, axis=1), argmin(m, axis=-1))
        print(argmax([1.0, 3.0, 3.0, 2.0]), argmin([2, 0, 0]))
        print(argmax(m, axis=1, keepdims=True))
""")
def _(p):
    p(np.argmax(NM), np.argmin(NM))
    p(np.argmax(NM, axis=0), np.argmax(NM, axis=1), np.argmin(NM, axis=-1))
    p(np.argmax([1.0, 3.0, 3.0, 2.0]), np.argmin([2, 0, 0]))
    p(np.argmax(NM, axis=1, keepdims=True))


@fx("reductions/logsumexp", """logsumexp = log(sum(exp(x))) computed stably (no overflow at 1000),
per axis; compared with NumPy's max + log(sum(exp(x - max))) to 1e-15.""", f"""
    def main():
        m = {M}
        print(abs(logsumexp(m) - {{{{all}}}}) <= 1e-15 * {{{{all}}}})
        print(max(abs(logsumexp(m, axis=1) - {{{{ax1}}}})) <= 1e-15 * 8.0)
        print(logsumexp([0.0, 0.0]) == log(2.0), logsumexp([1000.0, 1000.0]) == 1000.0 + log(2.0))
        print(logsumexp(m, axis=0, keepdims=True).shape)
""")
def _(p):
    def lse(x, axis=None):
        mx = np.max(x, axis=axis, keepdims=True)
        return np.squeeze(mx, axis=axis) + np.log(np.sum(np.exp(x - mx), axis=axis))
    p(True)
    p(True)
    p(lse(np.array([0.0, 0.0])) == np.log(2.0), lse(np.array([1000.0, 1000.0])) == 1000.0 + np.log(2.0))
    p((1, 3))
    return {"all": lse(NM), "ax1": lse(NM, axis=1)}


@fx("reductions/norm", "norm is the 2-norm of all elements, or along an axis; ints give f64.", """
    def main():
        print(norm([3.0, 4.0]), norm([[3.0, 4.0], [6.0, 8.0]], axis=1))
        print(norm([[1.0, 2.0], [2.0, 4.0]]), norm([3, 4]))
        print(norm([[3.0, 0.0], [4.0, 0.0]], axis=0, keepdims=True))
""")
def _(p):
    p(np.linalg.norm([3.0, 4.0]), np.linalg.norm(np.array([[3.0, 4.0], [6.0, 8.0]]), axis=1))
    p(np.linalg.norm(np.array([[1.0, 2.0], [2.0, 4.0]])), np.linalg.norm(np.array([3, 4])))
    p(np.linalg.norm(np.array([[3.0, 0.0], [4.0, 0.0]]), axis=0, keepdims=True))


@fx("reductions/rank3_axes", "reductions of a rank-3 tensor along every axis, negative axes and keepdims.", f"""
    def main():
        t = {T}
        print(sum(t, axis=0))
        print(sum(t, axis=1), sum(t, axis=-1))
        print(sum(t, axis=-2, keepdims=True).shape, sum(t, axis=-2, keepdims=True))
        print(max(t, axis=2), argmin(t, axis=0))
        print(mean(t, axis=1))
""")
def _(p):
    p(np.sum(NT, axis=0))
    p(np.sum(NT, axis=1), np.sum(NT, axis=-1))
    p(np.sum(NT, axis=-2, keepdims=True).shape, np.sum(NT, axis=-2, keepdims=True))
    p(np.max(NT, axis=2), np.argmin(NT, axis=0))
    p(np.mean(NT, axis=1))


@fx("reductions/empty", "reductions of empty tensors: sum 0, prod 1, along an empty axis too.", """
    def main():
        print(sum(zeros(0)), prod(zeros(0)))
        print(sum(zeros((0, 3)), axis=0), sum(zeros((2, 0)), axis=1))
        print(sum(arange(0)))
""")
def _(p):
    p(np.sum(np.zeros(0)), np.prod(np.zeros(0)))
    p(np.sum(np.zeros((0, 3)), axis=0), np.sum(np.zeros((2, 0)), axis=1))
    p(np.sum(np.arange(0)))


@fx("reductions/long_sums", """sums of many floats: 1..10000 exactly, and a 0.1 series, which
depends on the summation order, within 1e-12 of NumPy's (both are pairwise).""", """
    def main():
        print(sum(arange(1.0, 10001.0)))
        s = sum(full(100000, 0.1))
        print(abs(s - {{s}}) < 1e-12 * 10000.0)
        print(mean(arange(1000.0)), sum(arange(100000)))
""")
def _(p):
    p(np.sum(np.arange(1.0, 10001.0)))
    p(True)
    p(np.mean(np.arange(1000.0)), np.sum(np.arange(100000)))
    return {"s": np.sum(np.full(100000, 0.1))}
