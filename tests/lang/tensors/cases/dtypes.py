"""dtypes/: which dtype each operation gives (NumPy's rules)."""

import warnings

import numpy as np

from cases.core import fx


@fx("dtypes/int_true_division", "/ of i64 tensors is f64, also with an i64 scalar on either side.", """
    def main():
        a = [1, 2, 3]
        print(a / 2)
        print([4, 6] / [2, 3])
        print(6 / a)
        print(arange(4) / arange(1, 5))
""")
def _(p):
    a = np.array([1, 2, 3])
    p(a / 2)
    p(np.array([4, 6]) / np.array([2, 3]))
    p(6 / a)
    p(np.arange(4) / np.arange(1, 5))


@fx("dtypes/promotion", "i64 with f64 tensors promotes to f64; i64 with i64 stays i64; bool with bool compares.", """
    def main():
        i = [1, 2]
        f = [0.5, 0.25]
        print(i + f, f * i, i - i, i * i)
        print(i == f, [True, False] == [True, True])
        print(concat((i, [3, 4])), stack((f, f)))
""")
def _(p):
    i = np.array([1, 2])
    f = np.array([0.5, 0.25])
    p(i + f, f * i, i - i, i * i)
    p(i == f, np.array([True, False]) == np.array([True, True]))
    p(np.concatenate((i, [3, 4])), np.stack((f, f)))


@fx("dtypes/comparisons_give_bool", "comparisons give bool tensors; sum of bools counts (i64), mean gives f64.", """
    def main():
        x = [0.5, 1.5, 2.5, 3.5]
        big = x > 1.0
        print(big)
        print(sum(big), mean(big), sum(big, axis=0))
        print(astype(big, i64) * 10)
        print(where(big, 1, 0))
""")
def _(p):
    x = np.array([0.5, 1.5, 2.5, 3.5])
    big = x > 1.0
    p(big)
    p(np.sum(big), np.mean(big), np.sum(big, axis=0))
    p(big.astype(np.int64) * 10)
    p(np.where(big, 1, 0))


@fx("dtypes/reduction_dtypes", """sum/prod/max/min of i64 are i64, mean and norm of i64 are f64,
argmax/argmin are i64.""", """
    def main():
        a = [[3, -1, 4], [1, 5, -9]]
        print(sum(a), prod(a), max(a), min(a))
        print(mean(a), norm([3, 4]))
        print(sum(a, axis=0), mean(a, axis=1), prod(a, axis=1))
        print(argmax(a), argmin(a), argmax(a, axis=1))
""")
def _(p):
    a = np.array([[3, -1, 4], [1, 5, -9]])
    p(np.sum(a), np.prod(a), np.max(a), np.min(a))
    p(np.mean(a), np.linalg.norm(np.array([3, 4])))
    p(np.sum(a, axis=0), np.mean(a, axis=1), np.prod(a, axis=1))
    p(np.argmax(a), np.argmin(a), np.argmax(a, axis=1))


@fx("dtypes/float_math_on_ints", "float math (sqrt, exp, log, sin) on i64 tensors gives f64; floor/ceil of floats stay floats.", """
    def main():
        print(sqrt([4, 9, 2]))
        print(exp([0, 0]), log([1]), sin([0]))
        print(floor([-1.5, 1.5, 2.0]), ceil([-1.5, 1.5, 2.0]))
        print(sigmoid([0]))
""")
def _(p):
    p(np.sqrt(np.array([4, 9, 2])))
    p(np.exp(np.array([0, 0])), np.log(np.array([1])), np.sin(np.array([0])))
    p(np.floor([-1.5, 1.5, 2.0]), np.ceil([-1.5, 1.5, 2.0]))
    p(np.array([0.5]))


@fx("dtypes/int_wraps", "i64 tensor arithmetic wraps on overflow, as NumPy's int64.", """
    def main():
        big = [9223372036854775807, 1]
        print(big + 1)
        print(big * 2)
        print(-[-9223372036854775807 - 1])
""")
def _(p):
    big = np.array([9223372036854775807, 1], dtype=np.int64)
    with np.errstate(all="ignore"):
        p(big + 1)
        p(big * 2)
        p(-np.array([-9223372036854775808], dtype=np.int64))


@fx("dtypes/scalars_from_tensors", """an element of an f64 tensor is an f64 scalar, of an i64 tensor
an i64, of a bool tensor a bool: usable in scalar code (range, if, int arithmetic).""", """
    def main():
        n = [3, 4][1]
        total = 0
        for i in range(n):
            total += i
        print(total, n // 3, n / 8)
        f = [0.5, 1.5][0]
        print(f * 2.0, int(f * 3.0))
        b = [True, False][0]
        if b:
            print("taken")
""")
def _(p):
    n = np.array([3, 4])[1]
    p(np.sum(np.arange(n)), n // 3, n / 8)
    f = np.array([0.5, 1.5])[0]
    p(f * 2.0, int(f * 3.0))
    if np.array([True, False])[0]:
        p("taken")


@fx("dtypes/mixed_float_widths", "f32 with f64 tensors gives f64; f32 with i64 gives f64; f32 with f32 stays f32.", """
    def main():
        a = astype([1.5, 2.5], f32)
        print(a + [1.0, 1.0], a * [2, 2], a - a)
        print(astype([0.1], f32) + astype([0.2], f32), astype([0.1], f32) + [0.2])
""")
def _(p):
    a = np.array([1.5, 2.5], dtype=np.float32)
    p(a + np.array([1.0, 1.0]), a * np.array([2, 2]), a - a)
    p(np.array([0.1], dtype=np.float32) + np.array([0.2], dtype=np.float32),
      np.array([0.1], dtype=np.float32) + np.array([0.2]))


@fx("dtypes/ieee_edge_cases", """float tensors follow IEEE as NumPy does: 0/0 is nan, log(0) is -inf,
sqrt(-1) is nan, x // 0.0 is inf, -0.0 is kept, nan propagates through minimum, the mean of an
empty tensor is nan, logsumexp of an empty tensor is -inf.""", """
    def main():
        z = [0.0]
        print(z / z, log(z), sqrt(z - 1.0), 7 // z)
        print([-0.0] * 1.0, abs(-z))
        print(minimum([float(0) / 0.0, 1.0], [1.0, 1.0]))
        print(mean(zeros(0)), logsumexp(zeros(0)))
        print(clip([1.0, 5.0], 2.0, 1.0))
""")
def _(p):
    z = np.array([0.0])
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p(z / z, np.log(z), np.sqrt(z - 1.0), 7 // z)
        p(np.array([-0.0]) * 1.0, np.abs(-z))
        p(np.minimum(np.array([np.nan, 1.0]), np.array([1.0, 1.0])))
        p(np.mean(np.zeros(0)), np.log(np.sum(np.exp(np.zeros(0)))))
    p(np.clip(np.array([1.0, 5.0]), 2.0, 1.0))


@fx("dtypes/f32_reductions_and_products", """f32 tensors: sums, means, norms, softmax and matmul stay f32
and print f32's shortest digits.""", """
    def main():
        x = astype([0.1, 0.2, 0.3], f32)
        print(sum(x), mean(x), max(x), x @ x)
        print(norm(astype([3.0, 4.0], f32)), softmax(astype([0.0, 0.0], f32)))
        m = astype([[1.0, 2.0], [3.0, 4.0]], f32)
        print(m @ m, m.T @ astype([1.0, 0.5], f32))
""")
def _(p):
    x = np.array([0.1, 0.2, 0.3], dtype=np.float32)
    p(np.sum(x), np.mean(x), np.max(x), x @ x)
    p(np.linalg.norm(np.array([3.0, 4.0], dtype=np.float32)), np.array([0.5, 0.5], dtype=np.float32))
    m = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    p(m @ m, m.T @ np.array([1.0, 0.5], dtype=np.float32))
