"""construction/: zeros, ones, full, arange, eye, literals, astype, f32."""

import numpy as np

from cases.core import fx


@fx("construction/zeros_ones", "zeros and ones take an int or a tuple shape and give f64 tensors.", """
    def main():
        print(zeros(3))
        print(ones((2, 3)))
        print(zeros((2, 1, 2)))
        s = (2, 2)
        print(ones(s) + zeros(s))
        print(zeros((2, 0)), zeros((2, 0)).shape)
""")
def _(p):
    p(np.zeros(3))
    p(np.ones((2, 3)))
    p(np.zeros((2, 1, 2)))
    p(np.ones((2, 2)) + np.zeros((2, 2)))
    p(np.zeros((2, 0)), np.zeros((2, 0)).shape)


@fx("construction/full", "full(shape, v) takes v's dtype (f64, i64, bool).", """
    def main():
        print(full((2, 2), 7.5))
        print(full(3, 2))
        print(full((1, 2), True))
        print(full((2, 3), 1.0 / 3.0))
""")
def _(p):
    p(np.full((2, 2), 7.5))
    p(np.full(3, 2, dtype=np.int64))
    p(np.full((1, 2), True))
    p(np.full((2, 3), 1.0 / 3.0))


@fx("construction/arange", """arange as NumPy's: i64 for integer bounds, f64 for float bounds,
negative steps, empty ranges.""", """
    def main():
        print(arange(5))
        print(arange(2, 10, 3))
        print(arange(5, 0, -2))
        print(arange(0.0, 1.0, 0.25))
        print(arange(0), arange(0).shape)
        print(arange(3, 3), len(arange(3, 3)))
        print(arange(1.5, 4.0))
""")
def _(p):
    p(np.arange(5))
    p(np.arange(2, 10, 3))
    p(np.arange(5, 0, -2))
    p(np.arange(0.0, 1.0, 0.25))
    p(np.arange(0), np.arange(0).shape)
    p(np.arange(3, 3), len(np.arange(3, 3)))
    p(np.arange(1.5, 4.0))


@fx("construction/eye", "eye(n) and eye(n, m) are f64 identities.", """
    def main():
        print(eye(3))
        print(eye(2, 3))
        print(eye(3, 2))
        print(eye(1))
""")
def _(p):
    p(np.eye(3))
    p(np.eye(2, 3))
    p(np.eye(3, 2))
    p(np.eye(1))


@fx("construction/literal_nested", """nested literals of floats, ints and bools; ints mixed with
floats promote to f64.""", """
    def main():
        print([[1.0, 2.0], [3.0, 4.0]])
        print([[[1, 2]], [[3, 4]], [[5, 6]]])
        print([True, False, True])
        print([1, 2.5, -3])
        print([[1, 2], [3.5, 4]])
        print([-0.0, 1e-10, 1e16, 123456789.0, 0.1])
""")
def _(p):
    p(np.array([[1.0, 2.0], [3.0, 4.0]]))
    p(np.array([[[1, 2]], [[3, 4]], [[5, 6]]]))
    p(np.array([True, False, True]))
    p(np.array([1, 2.5, -3]))
    p(np.array([[1, 2], [3.5, 4]]))
    p(np.array([-0.0, 1e-10, 1e16, 123456789.0, 0.1]))


@fx("construction/literal_of_tensors", """a literal whose elements are tensors stacks them along a
new leading axis (NumPy's np.array of arrays).""", """
    def main():
        a = [1.0, 2.0]
        b = [a, a * 2.0, a + 10.0]
        print(b)
        print(b.shape)
        m = [[1, 2], [3, 4]]
        print([m, m * 10])
        x = 3.5
        print([x, x * 2.0, 0.0])
""")
def _(p):
    a = np.array([1.0, 2.0])
    b = np.array([a, a * 2.0, a + 10.0])
    p(b)
    p(b.shape)
    m = np.array([[1, 2], [3, 4]])
    p(np.array([m, m * 10]))
    x = 3.5
    p(np.array([x, x * 2.0, 0.0]))


@fx("construction/astype", """astype converts: float to i64 truncates toward zero, numbers to bool
are != 0, bool to numbers are 0/1.""", """
    def main():
        x = [1.7, -1.7, 2.5, -0.5, 0.0]
        print(astype(x, i64))
        print(astype(x, bool))
        print(astype([1, 0, -3], f64))
        print(astype([True, False], i64), astype([True, False], f64))
        print(astype(astype(x, i64), f64) == trunc_like(x))

    def trunc_like(x):
        return sign(x) * floor(abs(x))
""")
def _(p):
    x = np.array([1.7, -1.7, 2.5, -0.5, 0.0])
    p(x.astype(np.int64))
    p(x.astype(bool))
    p(np.array([1, 0, -3]).astype(np.float64))
    p(np.array([True, False]).astype(np.int64), np.array([True, False]).astype(np.float64))
    p(x.astype(np.int64).astype(np.float64) == np.sign(x) * np.floor(np.abs(x)))


@fx("construction/f32_tensors", """f32 tensors print their own shortest digits; f32 with an f64
scalar stays f32 (weak scalar); f32 with an f64 tensor gives f64.""", """
    def main():
        x = astype([0.1, 0.2, 1.0 / 3.0], f32)
        print(x)
        print(x + x)
        print(x * 3.0)
        print(x + [0.5, 0.5, 0.5])
        print(astype(x, f64))
        print(sum(x))
""")
def _(p):
    x = np.array([0.1, 0.2, 1.0 / 3.0]).astype(np.float32)
    p(x)
    p(x + x)
    p(x * np.float32(3.0))
    p(x + np.array([0.5, 0.5, 0.5]))
    p(x.astype(np.float64))
    p(np.sum(x))


@fx("construction/empty", "[] is an empty f64 tensor of shape (0,); its sum is 0.0, its prod 1.0.", """
    def main():
        e = []
        print(e, e.shape, len(e), e.ndim)
        print(sum(e), prod(e))
        print(concat((e, [1.0, 2.0])))
""")
def _(p):
    e = np.array([], dtype=np.float64)
    p(e, e.shape, len(e), e.ndim)
    p(np.sum(e), np.prod(e))
    p(np.concatenate((e, np.array([1.0, 2.0]))))


@fx("construction/shape_from_variables", """shapes computed at run time: zeros/ones/full with a
tuple built from variables and from another tensor's .shape.""", """
    def make(n, m):
        return full((n, m + 1), float(n))

    def main():
        a = make(2, 1)
        print(a)
        b = zeros(a.shape)
        print(b.shape, b)
        n = len(a) + 1
        print(ones(n))
""")
def _(p):
    a = np.full((2, 2), 2.0)
    p(a)
    b = np.zeros(a.shape)
    p(b.shape, b)
    p(np.ones(3))
