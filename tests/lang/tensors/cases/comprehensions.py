"""comprehensions/: [e for i in range(...) (if c)] builds a tensor; nested; over tensors."""

import numpy as np

from cases.core import fx


@fx("comprehensions/basic", "a comprehension over range builds a 1-D tensor of the element dtype.", """
    def main():
        print([i * 2 for i in range(5)])
        print([float(i) / 4.0 for i in range(3)])
        print([i % 2 == 0 for i in range(4)])
        print([i * i for i in range(2, 8, 2)])
        n = 3
        print([n - i for i in range(n)].shape)
""")
def _(p):
    p(np.array([i * 2 for i in range(5)]))
    p(np.array([float(i) / 4.0 for i in range(3)]))
    p(np.array([i % 2 == 0 for i in range(4)]))
    p(np.array([i * i for i in range(2, 8, 2)]))
    p((3,))


@fx("comprehensions/with_if", "a comprehension with if keeps the elements whose condition holds.", """
    def main():
        print([i for i in range(10) if i % 3 == 0])
        x = [3.0, -1.0, 4.0, -1.5, 5.0]
        print([x[i] for i in range(len(x)) if x[i] > 0.0])
        print([float(i) for i in range(6) if i > 1 and i < 4])
""")
def _(p):
    p(np.array([i for i in range(10) if i % 3 == 0]))
    x = np.array([3.0, -1.0, 4.0, -1.5, 5.0])
    p(x[x > 0.0])
    p(np.array([float(i) for i in range(6) if 1 < i < 4]))


@fx("comprehensions/empty", "a comprehension that keeps nothing has shape (0,).", """
    def main():
        e = [float(i) for i in range(5) if i > 10]
        print(e, e.shape, len(e))
        z = [i for i in range(0)]
        print(z.shape, sum(e))
""")
def _(p):
    e = np.array([], dtype=np.float64)
    p(e, e.shape, len(e))
    p((0,), 0.0)


@fx("comprehensions/nested", "nested comprehensions build matrices; an inner one may use the outer variable.", """
    def main():
        m = [[i * 3 + j for j in range(3)] for i in range(2)]
        print(m, m.shape)
        tri = [[1.0 if j <= i else 0.0 for j in range(3)] for i in range(3)]
        print(tri)
        print([[[i + j + k for k in range(2)] for j in range(2)] for i in range(2)].shape)
""")
def _(p):
    m = np.array([[i * 3 + j for j in range(3)] for i in range(2)])
    p(m, m.shape)
    p(np.tril(np.ones((3, 3))))
    p((2, 2, 2))


@fx("comprehensions/of_tensors", "a comprehension whose elements are tensors stacks them into rows.", """
    def main():
        x = [1.0, 2.0]
        rows = [x * float(i) for i in range(3)]
        print(rows, rows.shape)
        m = reshape(arange(6.0), (2, 3))
        print([m[i] + 1.0 for i in range(2)])
        print([sum(m[:, j]) for j in range(3)])
""")
def _(p):
    x = np.array([1.0, 2.0])
    rows = np.array([x * float(i) for i in range(3)])
    p(rows, rows.shape)
    m = np.arange(6.0).reshape(2, 3)
    p(np.array([m[i] + 1.0 for i in range(2)]))
    p(np.array([np.sum(m[:, j]) for j in range(3)]))


@fx("comprehensions/over_tensor_rows", "a comprehension can iterate over a tensor's leading axis ([f(row) for row in t]).", """
    def main():
        m = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
        print([sum(row) for row in m])
        print([row * 2.0 for row in m if row[0] > 2.0])
        print([v * v for v in [1, 2, 3]])
""")
def _(p):
    m = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    p(np.array([np.sum(r) for r in m]))
    p(np.array([r * 2.0 for r in m if r[0] > 2.0]))
    p(np.array([v * v for v in [1, 2, 3]]))


@fx("comprehensions/with_functions", "comprehensions calling functions and closures; the result feeds tensor ops.", """
    def square(v):
        return v * v

    def main():
        k = 0.5
        f = lambda i: k * float(i)
        a = [square(float(i)) for i in range(4)]
        b = [f(i) for i in range(4)]
        print(a, b, a @ b)
        print(sum([square(v) for v in a]))
""")
def _(p):
    a = np.array([float(i) ** 2 for i in range(4)])
    b = np.array([0.5 * i for i in range(4)])
    p(a, b, a @ b)
    p(np.sum(a * a))
