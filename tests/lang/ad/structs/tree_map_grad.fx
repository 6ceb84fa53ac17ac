# Pins: derivatives through tree_map with a lambda (written out by the specialiser): of a scale
# applied to a tuple tree, and through a step of the standard library's sgd and adam (meta-
# learning the learning rate), equal to the same step written by hand; forward and reverse
# mode agree; leaves of several types (a tensor and a float) each call their own clone; a
# builtin named as f (sin, the stdlib's tree_zeros_like) is wrapped and differentiable too:
# d/dk [sin(k) + sin(2k) + sin(3)] = cos(k) + 2 cos(2k).
# fxref-skip: tensors and the standard library are outside tests/property/fxref.py's subset
# EXPECT: 6.0 6.0 0.0
# EXPECT: -1.2375 -1.2375 -1.2375
# EXPECT: True
# EXPECT: Lin(w=[1.0, 4.0], b=9.0)
# EXPECT: 3.0
# EXPECT: True 1.0

import "optim.fx"

struct Lin:
    w: Tensor[f64, 1]
    b: f64

def scaled(p, k):
    return tree_map(lambda x: k * x, p)

def loss(k):
    a, b = scaled((1.0, [2.0, 3.0]), k)
    return a + sum(b)

def after_sgd(lr):
    q = sgd(Lin([1.0, -1.0], 0.5), Lin([0.5, 0.25], 1.0), lr)
    return sum(q.w * q.w) + q.b * q.b

def by_hand(lr):
    w = [1.0, -1.0] - lr * [0.5, 0.25]
    b = 0.5 - lr * 1.0
    return sum(w * w) + b * b

def after_adam(lr):
    p = Lin([1.0, -1.0], 0.5)
    q, _ = adam(p, Lin([0.5, 0.25], 1.0), adam_init(p), lr)
    return sum(q.w * q.w) + q.b * q.b

def main():
    print(grad(loss)(2.0), jacfwd(loss)(2.0), hessian(loss)(2.0))
    print(grad(after_sgd)(0.1), jacfwd(after_sgd)(0.1), grad(by_hand)(0.1))
    print(abs(grad(after_adam)(0.01) - jacfwd(after_adam)(0.01)) < 1e-12)
    p = Lin([1.0, 2.0], 3.0)
    print(tree_map(lambda x, y: x * y, p, p))
    print(grad(lambda s: sum(tree_map(lambda x: s * x, p).w))(1.0))
    d = grad(lambda k: sum(tree_map(sin, (k, [2.0 * k, 3.0]))[1]) + tree_map(sin, (k, 1.0))[0])(2.0)
    print(abs(d - (cos(2.0) + 2.0 * cos(4.0))) < 1e-15, grad(lambda k: tree_zeros_like((k, k))[0] + k)(1.0))
