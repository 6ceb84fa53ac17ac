"""nn/: softmax, log_softmax, conv2d (stride, padding), max_pool2d, one_hot."""

import numpy as np

from cases.core import fx


def softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=-1):
    s = x - np.max(x, axis=axis, keepdims=True)
    return s - np.log(np.sum(np.exp(s), axis=axis, keepdims=True))


def conv2d(x, w, stride=1, padding=0):
    """Cross-correlation, NCHW x OIHW, by explicit loops (the definition)."""
    n, c, h, wd = x.shape
    o, c2, kh, kw = w.shape
    assert c == c2
    xp = np.zeros((n, c, h + 2 * padding, wd + 2 * padding), dtype=x.dtype)
    xp[:, :, padding:padding + h, padding:padding + wd] = x
    oh = (h + 2 * padding - kh) // stride + 1
    ow = (wd + 2 * padding - kw) // stride + 1
    y = np.zeros((n, o, oh, ow))
    for b in range(n):
        for k in range(o):
            for i in range(oh):
                for j in range(ow):
                    win = xp[b, :, i * stride:i * stride + kh, j * stride:j * stride + kw]
                    y[b, k, i, j] = np.sum(win * w[k])
    return y


def max_pool2d(x, k):
    *lead, h, w = x.shape
    h2, w2 = h // k, w // k
    x = x[..., :h2 * k, :w2 * k].reshape(*lead, h2, k, w2, k)
    return x.max(axis=(-3, -1))


SM = "[[1.0, 2.0, 3.0], [-1.0, 0.0, 1000.0]]"
NSM = np.array(eval(SM))


@fx("nn/softmax", """softmax along the last axis by default, along axis 0 on request; stable at 1000;
rows sum to 1; NumPy's values to 1e-15.""", f"""
    def close(a, b):
        return max(abs(a - b)) <= 1e-15

    def main():
        x = {SM}
        print(close(softmax(x), {{{{last}}}}), close(softmax(x, axis=0), {{{{first}}}}))
        print(close(softmax(x, axis=-1), softmax(x)))
        print(max(abs(sum(softmax(x), axis=1) - 1.0)) <= 2e-16)
        print(softmax([0.0, 0.0]), softmax([5.0]), softmax(x).shape)
        print(softmax([[1.0, 1.0, 1.0, 1.0]]))
""")
def _(p):
    p(True, True)
    p(True)
    p(True)
    p(softmax(np.array([0.0, 0.0])), softmax(np.array([5.0])), NSM.shape)
    p(softmax(np.array([[1.0, 1.0, 1.0, 1.0]])))
    return {"last": softmax(NSM), "first": softmax(NSM, axis=0)}


@fx("nn/log_softmax", "log_softmax is x - logsumexp(x) along the axis, finite where softmax underflows.", f"""
    def close(a, b):
        return max(abs(a - b)) <= 1e-15 * max(abs(b))

    def main():
        x = {SM}
        print(close(log_softmax(x), {{{{last}}}}), close(log_softmax(x, axis=0), {{{{first}}}}))
        print(log_softmax([0.0, 0.0]) == -log(2.0))
        print(min(log_softmax(x)) == -1001.0, max(log_softmax(x)) == 0.0)
""")
def _(p):
    p(True, True)
    p(log_softmax(np.array([0.0, 0.0])) == -np.log(2.0))
    p(np.min(log_softmax(NSM)) == -1001.0, np.max(log_softmax(NSM)) == 0.0)
    return {"last": log_softmax(NSM), "first": log_softmax(NSM, axis=0)}


@fx("nn/conv2d_basic", "conv2d is cross-correlation, NCHW input and OIHW kernel, stride 1, no padding.", """
    def main():
        x = reshape(arange(16.0), (1, 1, 4, 4))
        w = [[[[1.0, 0.0], [0.0, -1.0]]]]
        y = conv2d(x, w)
        print(y.shape)
        print(y)
        k = reshape(arange(9.0), (1, 1, 3, 3))
        print(conv2d(x, k))
""")
def _(p):
    x = np.arange(16.0).reshape(1, 1, 4, 4)
    w = np.array([[[[1.0, 0.0], [0.0, -1.0]]]])
    y = conv2d(x, w)
    p(y.shape)
    p(y)
    p(conv2d(x, np.arange(9.0).reshape(1, 1, 3, 3)))


@fx("nn/conv2d_stride_padding", "conv2d with stride=2, padding=1, both, as keywords and positionally.", """
    def main():
        x = reshape(arange(25.0), (1, 1, 5, 5))
        w = ones((1, 1, 3, 3))
        print(conv2d(x, w, stride=2))
        print(conv2d(x, w, padding=1).shape)
        print(conv2d(x, w, padding=1))
        print(conv2d(x, w, 2, 1))
        print(conv2d(x, w, stride=3, padding=2).shape)
""")
def _(p):
    x = np.arange(25.0).reshape(1, 1, 5, 5)
    w = np.ones((1, 1, 3, 3))
    p(conv2d(x, w, stride=2))
    p(conv2d(x, w, padding=1).shape)
    p(conv2d(x, w, padding=1))
    p(conv2d(x, w, 2, 1))
    p(conv2d(x, w, stride=3, padding=2).shape)


@fx("nn/conv2d_channels_batch", "conv2d over a batch of 2 with 2 input channels and 3 output channels.", """
    def main():
        x = reshape(arange(2.0 * 2.0 * 4.0 * 3.0), (2, 2, 4, 3)) - 20.0
        w = reshape(arange(3.0 * 2.0 * 2.0 * 2.0), (3, 2, 2, 2)) * 0.5 - 3.0
        y = conv2d(x, w, padding=1)
        print(y.shape)
        print(y[1, 2])
        print(sum(y, axis=0))
""")
def _(p):
    x = np.arange(48.0).reshape(2, 2, 4, 3) - 20.0
    w = np.arange(24.0).reshape(3, 2, 2, 2) * 0.5 - 3.0
    y = conv2d(x, w, padding=1)
    p(y.shape)
    p(y[1, 2])
    p(np.sum(y, axis=0))


@fx("nn/max_pool2d", "max_pool2d(x, k): maximum over k x k windows of an NCHW tensor; leftover rows/columns dropped.", """
    def main():
        x = reshape(arange(16.0), (1, 1, 4, 4))
        print(max_pool2d(x, 2))
        y = reshape(arange(25.0), (1, 1, 5, 5)) * [1.0, -1.0, 1.0, -1.0, 1.0]
        print(max_pool2d(y, 2))
        z = reshape(arange(2.0 * 3.0 * 6.0 * 6.0), (2, 3, 6, 6))
        print(max_pool2d(z, 3).shape, max_pool2d(z, 3)[1, 2])
        print(max_pool2d(x, 1) == x)
""")
def _(p):
    x = np.arange(16.0).reshape(1, 1, 4, 4)
    p(max_pool2d(x, 2))
    y = np.arange(25.0).reshape(1, 1, 5, 5) * np.array([1.0, -1.0, 1.0, -1.0, 1.0])
    p(max_pool2d(y, 2))
    z = np.arange(216.0).reshape(2, 3, 6, 6)
    p(max_pool2d(z, 3).shape, max_pool2d(z, 3)[1, 2])
    p(max_pool2d(x, 1) == x)


@fx("nn/one_hot", "one_hot(indices, n) appends an axis of length n with a 1.0 at each index.", """
    def main():
        print(one_hot([0, 2, 1], 3))
        print(one_hot([[1], [3]], 4))
        print(one_hot([[1], [3]], 4).shape)
        labels = [2, 0]
        print(sum(one_hot(labels, 3) * [[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]], axis=1))
""")
def _(p):
    p(np.eye(3)[np.array([0, 2, 1])])
    oh = np.eye(4)[np.array([[1], [3]])]
    p(oh)
    p(oh.shape)
    p(np.sum(np.eye(3)[[2, 0]] * np.array([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1]]), axis=1))


@fx("nn/one_hot_scalar", "one_hot of an i64 scalar index is a vector of length n.", """
    def main():
        print(one_hot(2, 4))
        print(one_hot(0, 1))
""")
def _(p):
    p(np.eye(4)[2])
    p(np.eye(1)[0])


@fx("nn/conv_pool_pipeline", "a small CNN forward pass: conv2d with padding, relu, max_pool2d, flatten, matmul.", """
    def main():
        x = reshape(arange(2.0 * 1.0 * 6.0 * 6.0), (2, 1, 6, 6)) / 10.0 - 3.0
        w = reshape(arange(4.0 * 9.0), (4, 1, 3, 3)) / 8.0 - 2.0
        h = max_pool2d(relu(conv2d(x, w, padding=1)), 2)
        print(h.shape)
        f = reshape(h, (2, -1))
        print(f.shape)
        v = f @ ones(36)
        print(max(abs(v - {{v}})) <= 1e-12 * max(abs(v)))
""")
def _(p):
    x = np.arange(72.0).reshape(2, 1, 6, 6) / 10.0 - 3.0
    w = np.arange(36.0).reshape(4, 1, 3, 3) / 8.0 - 2.0
    h = max_pool2d(np.maximum(conv2d(x, w, padding=1), 0.0), 2)
    p(h.shape)
    f = h.reshape(2, -1)
    p(f.shape)
    p(True)
    return {"v": f @ np.ones(36)}


@fx("nn/activations", "relu, sigmoid, softplus, tanh of tensors: exact values and symmetry identities.", """
    def main():
        x = [-2.0, -0.5, 0.0, 0.5, 2.0]
        print(relu(x))
        print(abs(sigmoid(x) + sigmoid(-x) - 1.0) <= 2e-16)
        print(max(abs(tanh(x) + tanh(-x))), sigmoid([0.0]), softplus([0.0]) == log([2.0]))
        print(max(abs(softplus(x) - softplus(-x) - x)) <= 1e-15)
        print(max(abs(sigmoid(x) - {{sig}})) <= 4e-16)
""")
def _(p):
    x = np.array([-2.0, -0.5, 0.0, 0.5, 2.0])
    p(np.maximum(x, 0.0))
    sig = 1.0 / (1.0 + np.exp(-x))
    p(np.abs(sig + (1.0 / (1.0 + np.exp(x))) - 1.0) <= 2e-16)
    p(np.max(np.abs(np.tanh(x) + np.tanh(-x))), np.array([0.5]), np.log1p(np.exp([0.0])) == np.log([2.0]))
    p(True)
    p(True)
    return {"sig": sig}
