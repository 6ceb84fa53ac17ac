"""structs/: tensors in structs and tuples."""

import numpy as np

from cases.core import Struct, fx


@fx("structs/linear_layer", "a struct with tensor fields prints its tensors; a method-like function applies it.", """
    struct Linear:
        w: Tensor[f64]
        b: Tensor[f64]

    def apply(p, x):
        return relu(p.w @ x + p.b)

    def main():
        p = Linear(w=[[1.0, -1.0], [0.5, 2.0]], b=[0.5, -10.0])
        print(p)
        print(apply(p, [3.0, 1.0]))
        q = Linear([[2.0]], [1.0])
        print(q.w, q.b, q.w.ndim)
""")
def _(p):
    w = np.array([[1.0, -1.0], [0.5, 2.0]])
    b = np.array([0.5, -10.0])
    p(Struct("Linear", w=w, b=b))
    p(np.maximum(w @ np.array([3.0, 1.0]) + b, 0.0))
    p(np.array([[2.0]]), np.array([1.0]), 2)


@fx("structs/ranked_annotations", "fields annotated Tensor[f64, 2] and Tensor[i64] hold tensors of that rank and dtype.", """
    struct Batch:
        x: Tensor[f64, 2]
        y: Tensor[i64]

    def main():
        b = Batch(x=ones((2, 3)), y=[1, 0])
        print(b)
        print(b.x.ndim, sum(b.y), one_hot(b.y, 2) @ [10.0, 20.0])
""")
def _(p):
    p(Struct("Batch", x=np.ones((2, 3)), y=np.array([1, 0])))
    p(2, 1, np.eye(2)[[1, 0]] @ np.array([10.0, 20.0]))


@fx("structs/update_fields", "p.w = p.w - lr * g rebinds p; an earlier copy keeps its tensors.", """
    struct Params:
        w: Tensor[f64]
        b: Tensor[f64]

    def main():
        p = Params(w=[1.0, 2.0], b=[0.5])
        start = p
        for i in range(3):
            p.w = p.w - 0.25 * p.w
            p.b = p.b + 1.0
        print(p)
        print(start)
""")
def _(p):
    w = np.array([1.0, 2.0])
    b = np.array([0.5])
    for _ in range(3):
        w = w - 0.25 * w
        b = b + 1.0
    p(Struct("Params", w=w, b=b))
    p(Struct("Params", w=np.array([1.0, 2.0]), b=np.array([0.5])))


@fx("structs/tuples_of_tensors", "tuples of tensors print, unpack and index; a function returns one.", """
    def stats(x):
        return (mean(x, axis=0), max(x, axis=0), x.shape)

    def main():
        x = [[1.0, 5.0], [3.0, 2.0]]
        t = (x[0], [1, 2])
        print(t)
        a, b = t
        print(a + 1.0, b * 2)
        print(stats(x))
        m, mx, s = stats(x)
        print(m, mx, s[0])
        print(t[1], t[0][1])
""")
def _(p):
    x = np.array([[1.0, 5.0], [3.0, 2.0]])
    t = (x[0], np.array([1, 2]))
    p(t)
    p(t[0] + 1.0, t[1] * 2)
    st = (np.mean(x, axis=0), np.max(x, axis=0), x.shape)
    p(st)
    p(st[0], st[1], 2)
    p(t[1], t[0][1])


@fx("structs/nested_structs", "a struct of structs of tensors (a two-layer model) and its forward pass.", """
    struct Layer:
        w: Tensor[f64]
        b: Tensor[f64]

    struct Mlp:
        l1: Layer
        l2: Layer

    def forward(m, x):
        h = relu(m.l1.w @ x + m.l1.b)
        return m.l2.w @ h + m.l2.b

    def main():
        m = Mlp(Layer(eye(2), [0.0, -1.0]), Layer([[1.0, 2.0]], [0.5]))
        print(forward(m, [3.0, 0.5]))
        print(m.l2)
""")
def _(p):
    h = np.maximum(np.eye(2) @ np.array([3.0, 0.5]) + np.array([0.0, -1.0]), 0.0)
    p(np.array([[1.0, 2.0]]) @ h + np.array([0.5]))
    p(Struct("Layer", w=np.array([[1.0, 2.0]]), b=np.array([0.5])))
