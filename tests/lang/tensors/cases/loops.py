"""loops/: for row in t (leading axis), tensors carried by while and for loops."""

import numpy as np

from cases.core import fx


@fx("loops/for_row_in_matrix", "for row in m visits the rows in order; each row is a 1-D tensor.", """
    def main():
        m = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
        total = zeros(2)
        for row in m:
            print(row, row.shape)
            total = total + row
        print(total)
""")
def _(p):
    m = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    for row in m:
        p(row, row.shape)
    p(m.sum(axis=0))


@fx("loops/for_element_in_vector", "for v in a 1-D tensor visits scalars; break and continue work.", """
    def main():
        s = 0.0
        for v in [1.0, -2.0, 3.0, 100.0, 5.0]:
            if v < 0.0:
                continue
            if v > 50.0:
                break
            s += v
        print(s)
        count = 0
        for b in [True, False, True]:
            if b:
                count += 1
        print(count)
        for i in arange(3):
            print(i * 10)
""")
def _(p):
    s = 0.0
    for v in np.array([1.0, -2.0, 3.0, 100.0, 5.0]):
        if v < 0.0:
            continue
        if v > 50.0:
            break
        s += v
    p(s)
    p(np.sum(np.array([True, False, True])))
    for i in np.arange(3):
        p(i * 10)


@fx("loops/for_nested_rows", "nested for loops over a rank-3 tensor and its rows; an empty tensor runs no iteration.", """
    def main():
        t = reshape(arange(8), (2, 2, 2))
        for plane in t:
            for row in plane:
                print(row, sum(row))
        n = 0
        for row in zeros((0, 3)):
            n += 1
        print(n)
""")
def _(p):
    t = np.arange(8).reshape(2, 2, 2)
    for plane in t:
        for row in plane:
            p(row, np.sum(row))
    p(0)


@fx("loops/while_tensor_state", "a tensor carried through a while loop with a data-dependent exit.", """
    def main():
        x = [1.0, 0.5, 0.25]
        steps = 0
        while sum(x) < 100.0:
            x = x * 2.0
            steps += 1
        print(x, steps)
""")
def _(p):
    x = np.array([1.0, 0.5, 0.25])
    steps = 0
    while np.sum(x) < 100.0:
        x = x * 2.0
        steps += 1
    p(x, steps)


@fx("loops/power_iteration", "power iteration on a symmetric matrix converges to the dominant eigenvector (to 1e-9).", """
    def main():
        a = [[2.0, 1.0], [1.0, 2.0]]
        v = [1.0, 0.0]
        for i in range(60):
            v = a @ v
            v = v / norm(v)
        print(max(abs(v - {{v}})) < 1e-9)
        print(abs(v @ (a @ v) - 3.0) < 1e-9)
""")
def _(p):
    w, vecs = np.linalg.eigh(np.array([[2.0, 1.0], [1.0, 2.0]]))
    v = vecs[:, np.argmax(w)]
    v = v * np.sign(v[0])
    p(True)
    p(True)
    return {"v": v}


@fx("loops/accumulate_outer", "a loop accumulating outer products equals the matrix product.", """
    def main():
        a = reshape(arange(6.0), (2, 3))
        b = reshape(arange(12.0), (3, 4))
        acc = zeros((2, 4))
        for k in range(3):
            acc = acc + outer(a[:, k], b[k])
        print(acc)
        print(acc == a @ b)
""")
def _(p):
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    p(a @ b)
    p(np.full((2, 4), True))
