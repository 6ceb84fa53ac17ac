"""functions/: tensors through generic functions, closures, recursion, higher-order functions."""

import numpy as np

from cases.core import fx


@fx("functions/generic_over_rank", "one unannotated function is specialised for scalars and tensors of several ranks and dtypes.", """
    def double_plus_one(t):
        return t * 2 + 1

    def main():
        print(double_plus_one(1.5))
        print(double_plus_one([1.0, 2.0]))
        print(double_plus_one([[1, 2], [3, 4]]))
        print(double_plus_one(ones((1, 1, 2))))
""")
def _(p):
    p(1.5 * 2 + 1)
    p(np.array([1.0, 2.0]) * 2 + 1)
    p(np.array([[1, 2], [3, 4]]) * 2 + 1)
    p(np.ones((1, 1, 2)) * 2 + 1)


@fx("functions/closure_captures_tensor", "a closure captures a tensor's value at creation; later updates of the variable do not reach it.", """
    def make_affine(w, b):
        return lambda x: w @ x + b

    def main():
        w = [[1.0, 2.0], [3.0, 4.0]]
        f = make_affine(w, [0.5, 0.5])
        print(f([1.0, 1.0]))
        x = [1.0, 2.0]
        g = lambda: x * 10.0
        x[0] = 100.0
        print(g(), x)
""")
def _(p):
    w = np.array([[1.0, 2.0], [3.0, 4.0]])
    p(w @ np.array([1.0, 1.0]) + 0.5)
    p(np.array([10.0, 20.0]), np.array([100.0, 2.0]))


@fx("functions/recursion_shrinking", "recursion over shrinking slices: sum and reverse of a vector; recursion depth 200.", """
    def rsum(t):
        if len(t) == 0:
            return 0.0
        return t[0] + rsum(t[1:])

    def rev(t):
        if len(t) <= 1:
            return t
        return concat((rev(t[1:]), t[:1]))

    def main():
        print(rsum([1.0, 2.0, 3.5]), rsum(arange(200.0)))
        print(rev([1.0, 2.0, 3.0, 4.0]))
        print(rev(arange(5)))
""")
def _(p):
    p(np.sum([1.0, 2.0, 3.5]), np.sum(np.arange(200.0)))
    p(np.array([4.0, 3.0, 2.0, 1.0]))
    p(np.arange(5)[::-1])


@fx("functions/recursion_matrix_power", "matrix power by repeated squaring (recursive); Fibonacci numbers as an i64 matrix power.", """
    def mpow(m, n):
        if n == 0:
            return eye(len(m))
        if n % 2 == 0:
            h = mpow(m, n // 2)
            return h @ h
        return m @ mpow(m, n - 1)

    def ipow(m, n):
        if n == 1:
            return m
        return m @ ipow(m, n - 1)

    def main():
        print(mpow([[1.0, 1.0], [1.0, 0.0]], 10))
        print(ipow([[1, 1], [1, 0]], 30)[0, 1])
        print(mpow([[2.0, 0.0], [0.0, 0.5]], 5))
""")
def _(p):
    p(np.linalg.matrix_power(np.array([[1.0, 1.0], [1.0, 0.0]]), 10))
    p(np.linalg.matrix_power(np.array([[1, 1], [1, 0]]), 30)[0, 1])
    p(np.linalg.matrix_power(np.array([[2.0, 0.0], [0.0, 0.5]]), 5))


@fx("functions/higher_order", "functions taking and returning functions over tensors: map over rows, compose.", """
    def map_rows(f, m):
        return [f(row) for row in m]

    def compose(f, g):
        return lambda x: f(g(x))

    def main():
        m = [[1.0, -2.0], [3.0, 4.0]]
        print(map_rows(lambda r: sum(r * r), m))
        h = compose(relu, lambda x: x - 2.0)
        print(h(m))
        print(map_rows(compose(sum, abs), m))
""")
def _(p):
    m = np.array([[1.0, -2.0], [3.0, 4.0]])
    p(np.sum(m * m, axis=1))
    p(np.maximum(m - 2.0, 0.0))
    p(np.sum(np.abs(m), axis=1))


@fx("functions/annotations", "annotated parameters and results: Tensor[f64], Tensor[f64, 2], Tensor[i64].", """
    def scale(x: Tensor[f64], k: f64) -> Tensor[f64]:
        return x * k

    def gram(m: Tensor[f64, 2]) -> Tensor[f64, 2]:
        return m.T @ m

    def count(x: Tensor[i64]) -> i64:
        return sum(x)

    def main():
        print(scale([1.0, 2.0], 3.0), scale(ones((1, 2)), 0.5))
        print(gram([[1.0, 2.0], [3.0, 4.0]]))
        print(count([1, 2, 3]))
""")
def _(p):
    p(np.array([3.0, 6.0]), np.full((1, 2), 0.5))
    m = np.array([[1.0, 2.0], [3.0, 4.0]])
    p(m.T @ m)
    p(6)


@fx("functions/eval_expression", "fluxion eval prints a tensor expression in the file's scope.", """
    def f(x):
        return x @ x.T
""", run="eval f([[1.0, 2.0], [3.0, 4.0]]) + sum(arange(3))")
def _(p):
    m = np.array([[1.0, 2.0], [3.0, 4.0]])
    p(m @ m.T + np.sum(np.arange(3)))


@fx("functions/mutual_recursion", "mutually recursive functions passing tensors and halving them.", """
    def even_sum(t):
        if len(t) == 0:
            return 0.0
        return t[0] + odd_skip(t[1:])

    def odd_skip(t):
        if len(t) == 0:
            return 0.0
        return even_sum(t[1:])

    def main():
        print(even_sum(arange(10.0)), even_sum([5.0]))
""")
def _(p):
    p(np.sum(np.arange(10.0)[::2]), 5.0)
