"""grads/: derivatives of tensor functions (LANGUAGE.md §6 on tensors).

The expected gradients are the analytic formulas evaluated with NumPy (d sum(x**2) = 2x,
d sum(W x) / dW = outer(1, x), ...); where a formula involves exp/log they are compared to
1e-14, otherwise printed exactly.
"""

import numpy as np

from cases.core import Struct, fx
from cases.nn import conv2d, softmax


@fx("grads/sum_of_squares", "grad(lambda x: sum(x ** 2)) is 2x, for rank 1 and rank 2 inputs.", """
    def main():
        g = grad(lambda x: sum(x ** 2))
        print(g([1.0, -2.0, 3.0]))
        print(g([[0.5, 1.0], [1.5, 2.0]]))
        print(grad(lambda x: sum(x * x * x))([1.0, 2.0]))
""")
def _(p):
    p(2 * np.array([1.0, -2.0, 3.0]))
    p(2 * np.array([[0.5, 1.0], [1.5, 2.0]]))
    p(3 * np.array([1.0, 2.0]) ** 2)


@fx("grads/matmul", "gradients of sum(W @ x) w.r.t. W (outer(1, x)) and x (W.T @ 1), and of a quadratic form x.T A x.", """
    def main():
        w = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
        x = [1.0, -1.0, 0.5]
        f = lambda w, x: sum(w @ x)
        print(grad(f, argnums=0)(w, x))
        print(grad(f, argnums=1)(w, x))
        a = [[2.0, 1.0], [0.0, 3.0]]
        q = lambda v: v @ (a @ v)
        print(grad(q)([1.0, 2.0]))
        print(grad(lambda b: sum((w @ b) ** 2))(ones((3, 2))))
""")
def _(p):
    w = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    x = np.array([1.0, -1.0, 0.5])
    p(np.outer(np.ones(2), x))
    p(w.T @ np.ones(2))
    a = np.array([[2.0, 1.0], [0.0, 3.0]])
    v = np.array([1.0, 2.0])
    p((a + a.T) @ v)
    b = np.ones((3, 2))
    p(w.T @ (2 * (w @ b)))


@fx("grads/argnums_tuple", "grad with argnums=(0, 1) returns a tuple of tensor gradients.", """
    def main():
        f = lambda a, b: sum(a * b) + sum(a)
        print(grad(f, argnums=(0, 1))([1.0, 2.0], [3.0, 4.0]))
        v, g = value_and_grad(lambda x: sum(x * x))([3.0, 4.0])
        print(v, g)
""")
def _(p):
    a = np.array([1.0, 2.0])
    b = np.array([3.0, 4.0])
    p((b + 1.0, a))
    x = np.array([3.0, 4.0])
    p(np.sum(x * x), 2 * x)


@fx("grads/softmax_cross_entropy", "the gradient of cross-entropy through log_softmax is softmax(z) - one_hot(y) (to 1e-15).", """
    def loss(z, y):
        return -sum(one_hot(y, 3) * log_softmax(z))

    def main():
        z = [[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]]
        y = [1, 2]
        g = grad(loss)(z, y)
        print(g.shape)
        print(max(abs(g - {{g}})) <= 1e-15)
        print(max(abs(sum(g, axis=1))) <= 1e-15)
""")
def _(p):
    z = np.array([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]])
    g = softmax(z) - np.eye(3)[[1, 2]]
    p(g.shape)
    p(True)
    p(True)
    return {"g": g}


@fx("grads/softmax_vjp", "grad of sum(softmax(x) * c) is s * (c - sum(s * c)) (to 1e-15).", """
    def main():
        x = [0.5, -1.0, 2.0]
        c = [1.0, 2.0, 3.0]
        g = grad(lambda x: sum(softmax(x) * c))(x)
        print(max(abs(g - {{g}})) <= 1e-15)
        print(abs(sum(g)) <= 1e-15)
""")
def _(p):
    x = np.array([0.5, -1.0, 2.0])
    c = np.array([1.0, 2.0, 3.0])
    s = softmax(x)
    p(True)
    p(True)
    return {"g": s * (c - np.sum(s * c))}


@fx("grads/logsumexp_is_softmax", "the gradient of logsumexp is softmax (to 1e-15); of mean 1/n; of norm x/|x|.", """
    def main():
        x = [1.0, 2.0, 3.0]
        print(max(abs(grad(logsumexp)(x) - {{s}})) <= 1e-15)
        print(grad(mean)([[1.0, 2.0], [3.0, 4.0]]))
        print(grad(norm)([3.0, 4.0]))
""")
def _(p):
    x = np.array([1.0, 2.0, 3.0])
    p(True)
    p(np.full((2, 2), 0.25))
    p(np.array([3.0, 4.0]) / 5.0)
    return {"s": softmax(x)}


@fx("grads/conv2d", """gradients of sum(conv2d(x, w) * c) w.r.t. w and x, with stride 2 and
padding 1 (integer-valued, exact): NumPy correlation of x with c, and c spread back by w.""", """
    def f(x, w, c):
        return sum(conv2d(x, w, stride=2, padding=1) * c)

    def main():
        x = reshape(arange(32.0), (1, 2, 4, 4))
        w = reshape(arange(24.0), (3, 2, 2, 2)) - 10.0
        c = reshape(arange(27.0), (1, 3, 3, 3)) - 13.0
        gw = grad(f, argnums=1)(x, w, c)
        print(gw.shape)
        print(gw == {{gw}})
        gx = grad(f, argnums=0)(x, w, c)
        print(gx.shape, sum(abs(gx - {{gx}})))
""")
def _(p):
    x = np.arange(32.0).reshape(1, 2, 4, 4)
    w = np.arange(24.0).reshape(3, 2, 2, 2) - 10.0
    c = np.arange(27.0).reshape(1, 3, 3, 3) - 13.0
    # d/dw: a basis perturbation of each weight, evaluated with the reference conv2d.
    gw = np.zeros_like(w)
    for idx in np.ndindex(*w.shape):
        e = np.zeros_like(w)
        e[idx] = 1.0
        gw[idx] = np.sum(conv2d(x, e, 2, 1) * c)
    gx = np.zeros_like(x)
    for idx in np.ndindex(*x.shape):
        e = np.zeros_like(x)
        e[idx] = 1.0
        gx[idx] = np.sum(conv2d(e, w, 2, 1) * c)
    p(gw.shape)
    p(gw == gw)
    p(gx.shape, 0.0)
    return {"gw": gw, "gx": gx}


@fx("grads/max_pool2d", "the gradient of sum(max_pool2d(x, 2)) is 1 at each window's maximum, 0 elsewhere.", """
    def main():
        x = [[[[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, 7.0, 1.0], [0.0, 0.0, 1.0, 2.0], [9.0, 0.0, 3.0, 8.0]]]]
        print(grad(lambda x: sum(max_pool2d(x, 2)))(x))
""")
def _(p):
    x = np.array([[1.0, 5.0, 2.0, 0.0], [3.0, 4.0, 7.0, 1.0], [0.0, 0.0, 1.0, 2.0], [9.0, 0.0, 3.0, 8.0]])
    g = np.zeros_like(x)
    for i in range(2):
        for j in range(2):
            win = x[2 * i:2 * i + 2, 2 * j:2 * j + 2]
            a, b = np.unravel_index(np.argmax(win), (2, 2))
            g[2 * i + a, 2 * j + b] = 1.0
    p(g.reshape(1, 1, 4, 4))


@fx("grads/indexing_in_loop", "gradients through indexing in loops: sum_i x[i] * x[i + 1], and a loop writing y[i].", """
    def chain(x):
        s = 0.0
        for i in range(len(x) - 1):
            s += x[i] * x[i + 1]
        return s

    def doubled(x):
        y = zeros(len(x))
        for i in range(len(x)):
            y[i] = x[i] * 2.0
        return sum(y * y)

    def main():
        x = [1.0, 2.0, 3.0, 4.0]
        print(grad(chain)(x))
        print(grad(doubled)(x))
        print(grad(lambda m: m[1, -1] * m[0, 0])([[1.0, 2.0], [3.0, 4.0]]))
        print(grad(lambda v: sum(v[1:] - v[:-1]))(x))
""")
def _(p):
    x = np.array([1.0, 2.0, 3.0, 4.0])
    g = np.zeros(4)
    g[:-1] += x[1:]
    g[1:] += x[:-1]
    p(g)
    p(8.0 * x)
    p(np.array([[4.0, 0.0], [0.0, 1.0]]))
    p(np.array([-1.0, 0.0, 0.0, 1.0]))


@fx("grads/broadcasting", "gradients w.r.t. a broadcast operand are summed over the broadcast axes.", """
    def main():
        m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
        print(grad(lambda b: sum(m * b))([1.0, 1.0, 1.0]))
        print(grad(lambda c: sum((m + c) ** 2))([[0.0], [1.0]]))
        print(grad(lambda s: sum(m * s))(2.0))
        print(grad(lambda x: sum(x * [1.0, 2.0]))([[1.0, 1.0], [1.0, 1.0]]))
""")
def _(p):
    m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    p(np.sum(m, axis=0))
    c = np.array([[0.0], [1.0]])
    p(np.sum(2 * (m + c), axis=1, keepdims=True))
    p(np.sum(m))
    p(np.array([[1.0, 2.0], [1.0, 2.0]]))


@fx("grads/reductions_axis", "gradients of reductions along an axis: sum, mean, max (ties split), prod.", """
    def main():
        m = [[1.0, 3.0, 3.0], [2.0, 0.5, 4.0]]
        print(grad(lambda x: sum(sum(x, axis=0) ** 2))(m))
        print(grad(lambda x: sum(mean(x, axis=1, keepdims=True) * x))(m))
        print(grad(lambda x: sum(max(x, axis=1)))(m))
        print(grad(lambda x: prod(x))([2.0, 3.0, 4.0]))
""")
def _(p):
    m = np.array([[1.0, 3.0, 3.0], [2.0, 0.5, 4.0]])
    p(np.broadcast_to(2 * np.sum(m, axis=0), m.shape))
    # f = sum_i r_i * sum_j x_ij with r_i = mean_i: d/dx_ij = r_i + (sum_k x_ik) / n
    r = np.mean(m, axis=1, keepdims=True)
    p(np.broadcast_to(r + np.sum(m, axis=1, keepdims=True) / 3.0, m.shape))
    p(np.array([[0.0, 0.5, 0.5], [0.0, 0.0, 1.0]]))
    p(np.array([12.0, 8.0, 6.0]))


@fx("grads/prod_with_zeros", """derivatives of prod where elements are zero: the product of the
other elements (not prod / x, which is nan there), along an axis too; the hessian is exact where a
group has at most one zero.""", """
    def main():
        print(grad(prod)([2.0, 0.0, 3.0]), grad(prod)([0.0, 0.0, 3.0]))
        print(jacrev(lambda m: prod(m, axis=1))([[2.0, 0.0, 5.0], [3.0, 4.0, 0.5]]))
        print(hessian(prod)([2.0, 0.0, 3.0]))
        print(jacfwd(lambda x: grad(prod)(x))([2.0, 5.0, 0.0]))
""")
def _(p):
    def others(x):  # d prod / d x_i: the product of the other elements, by brute force
        return np.array([np.prod(np.delete(x, i)) for i in range(len(x))])

    def hessian(x):
        n = len(x)
        return np.array([[0.0 if i == j else np.prod(np.delete(x, [i, j])) for j in range(n)] for i in range(n)])

    m = np.array([[2.0, 0.0, 5.0], [3.0, 4.0, 0.5]])
    p(others(np.array([2.0, 0.0, 3.0])), others(np.array([0.0, 0.0, 3.0])))
    jac = np.zeros((2, 2, 3))
    for r in range(2):
        jac[r, r] = others(m[r])
    p(jac)
    p(hessian(np.array([2.0, 0.0, 3.0])))
    p(hessian(np.array([2.0, 5.0, 0.0])))


@fx("grads/shape_ops", "gradients through transpose, reshape, concat, stack, diag and trace.", """
    def main():
        m = [[1.0, 2.0], [3.0, 4.0]]
        c = [[1.0, 10.0], [100.0, 1000.0]]
        print(grad(lambda x: sum(x.T * c))(m))
        print(grad(lambda x: sum(reshape(x, (4,)) * [1.0, 2.0, 3.0, 4.0]))(m))
        print(grad(lambda x: sum(concat((x, x * 2.0), axis=1) ** 2))(m))
        print(grad(lambda x: sum(stack((x, x)) * 3.0))([1.0, 2.0]))
        print(grad(trace)(m), grad(lambda x: sum(diag(x) * [2.0, 5.0]))(m))
""")
def _(p):
    m = np.array([[1.0, 2.0], [3.0, 4.0]])
    c = np.array([[1.0, 10.0], [100.0, 1000.0]])
    p(c.T)
    p(np.array([[1.0, 2.0], [3.0, 4.0]]))
    p(2 * m + 8 * m)
    p(np.array([6.0, 6.0]))
    p(np.eye(2), np.diag([2.0, 5.0]))


@fx("grads/dot_outer", "gradients of dot and outer.", """
    def main():
        a = [1.0, 2.0, 3.0]
        b = [4.0, 5.0, 6.0]
        print(grad(lambda x: dot(x, b))(a))
        print(grad(lambda x, y: sum(outer(x, y) ** 2), argnums=(0, 1))([1.0, 2.0], [3.0]))
""")
def _(p):
    p(np.array([4.0, 5.0, 6.0]))
    x = np.array([1.0, 2.0])
    y = np.array([3.0])
    p((2 * x * np.sum(y ** 2), 2 * y * np.sum(x ** 2)))


@fx("grads/jacobians", "jacfwd and jacrev of tensor functions have shape out.shape + in.shape and agree.", """
    def f(x):
        return x * 2.0

    def g(m):
        return sum(m * m, axis=0)

    def main():
        print(jacfwd(f)([1.0, 2.0, 3.0]))
        print(jacrev(f)([1.0, 2.0, 3.0]).shape)
        m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
        jf = jacfwd(g)(m)
        jr = jacrev(g)(m)
        print(jf.shape, jr.shape)
        print(jf == jr)
        print(jf[1])
        print(jacrev(lambda w: w @ [1.0, 2.0])([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]]).shape)
""")
def _(p):
    p(2.0 * np.eye(3))
    p((3, 3))
    m = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    j = np.zeros((3, 2, 3))
    for k in range(3):
        j[k, :, k] = 2 * m[:, k]
    p(j.shape, j.shape)
    p(np.full(j.shape, True))
    p(j[1])
    p((3, 3, 2))


@fx("grads/hessian", "hessian(lambda v: sum(v ** 3)) is diag(6 v); the Hessian of a quadratic form is A + A.T.", """
    def main():
        print(hessian(lambda v: sum(v ** 3))([1.0, 2.0]))
        a = [[1.0, 2.0], [0.0, 3.0]]
        print(hessian(lambda v: v @ (a @ v))([5.0, -1.0]))
        print(hessian(lambda v: sum(v ** 3))([[1.0, 2.0]]).shape)
""")
def _(p):
    p(np.diag(6 * np.array([1.0, 2.0])))
    a = np.array([[1.0, 2.0], [0.0, 3.0]])
    p(a + a.T)
    p((1, 2, 1, 2))


@fx("grads/jvp_vjp", "jvp and vjp of tensor functions: tangents and cotangents have the value's shape.", """
    def main():
        print(jvp(lambda x: x * x, ([1.0, 2.0],), ([1.0, 1.0],)))
        y, pull = vjp(lambda x: x @ [[1.0, 2.0], [3.0, 4.0]], [1.0, 1.0])
        print(y, pull([1.0, 0.0]))
        print(jvp(lambda a, b: a @ b, (eye(2), [1.0, 2.0]), (ones((2, 2)), [0.0, 1.0])))
""")
def _(p):
    x = np.array([1.0, 2.0])
    p((x * x, 2 * x))
    w = np.array([[1.0, 2.0], [3.0, 4.0]])
    p(np.array([1.0, 1.0]) @ w, (w @ np.array([1.0, 0.0]),))
    p((np.array([1.0, 2.0]), np.ones((2, 2)) @ np.array([1.0, 2.0]) + np.eye(2) @ np.array([0.0, 1.0])))


@fx("grads/struct_params", "grad w.r.t. a struct of tensors returns the struct of gradients (a linear layer's squared error).", """
    struct Linear:
        w: Tensor[f64]
        b: Tensor[f64]

    def loss(p, x, y):
        r = p.w @ x + p.b - y
        return sum(r * r)

    def main():
        p = Linear(w=[[1.0, 0.0], [0.5, -1.0]], b=[0.0, 1.0])
        x = [2.0, 1.0]
        y = [1.0, 1.0]
        print(grad(loss)(p, x, y))
        for i in range(2):
            g = grad(loss)(p, x, y)
            p = Linear(w=p.w - 0.1 * g.w, b=p.b - 0.1 * g.b)
        print(loss(p, x, y) < 1.0)
""")
def _(p):
    w = np.array([[1.0, 0.0], [0.5, -1.0]])
    b = np.array([0.0, 1.0])
    x = np.array([2.0, 1.0])
    y = np.array([1.0, 1.0])
    r = w @ x + b - y
    p(Struct("Linear", w=np.outer(2 * r, x), b=2 * r))
    for _ in range(2):
        r = w @ x + b - y
        w, b = w - 0.1 * np.outer(2 * r, x), b - 0.1 * 2 * r
    r = w @ x + b - y
    p(bool(np.sum(r * r) < 1.0))


@fx("grads/relu_where_clip", "JAX's conventions at kinks: relu'(0) = 0, abs'(0) = 0; where and clip pass the gradient where selected.", """
    def main():
        x = [-1.0, 0.0, 2.0]
        print(grad(lambda x: sum(relu(x)))(x))
        print(grad(lambda x: sum(abs(x)))(x))
        print(grad(lambda x: sum(where(x > 0.5, x * 3.0, x)))(x))
        print(grad(lambda x: sum(clip(x, -0.5, 1.0)))(x))
        print(grad(lambda x: sum(maximum(x, [0.0, 0.0, 0.0])))(x))
""")
def _(p):
    p(np.array([0.0, 0.0, 1.0]))
    p(np.array([-1.0, 0.0, 1.0]))
    p(np.array([1.0, 1.0, 3.0]))
    p(np.array([0.0, 1.0, 0.0]))
    p(np.array([0.0, 0.5, 1.0]))


@fx("grads/recursion_and_closure", "gradients through a recursive function over slices and a closure capturing a tensor.", """
    def rsum_sq(t):
        if len(t) == 0:
            return 0.0
        return t[0] * t[0] + rsum_sq(t[1:])

    def make_loss(target):
        return lambda x: sum((x - target) ** 2)

    def main():
        print(grad(rsum_sq)([1.0, 2.0, 3.0]))
        f = make_loss([1.0, 1.0])
        print(grad(f)([3.0, 0.0]))
        print(grad(lambda t: make_loss(t)([3.0, 0.0]))([1.0, 1.0]))
""")
def _(p):
    p(np.array([2.0, 4.0, 6.0]))
    p(2 * (np.array([3.0, 0.0]) - 1.0))
    p(-2 * (np.array([3.0, 0.0]) - 1.0))


@fx("grads/while_loop_tensor", "the gradient through a while loop with a data-dependent trip count on a tensor.", """
    def grow(x):
        while sum(x) < 10.0:
            x = x * 2.0
        return sum(x * x)

    def main():
        print(grad(grow)([1.0, 0.5]))
""")
def _(p):
    x = np.array([1.0, 0.5])
    k = 0
    while np.sum(x * 2.0 ** k) < 10.0:
        k += 1
    # f = sum((2^k x)^2): df/dx = 2 * 4^k x
    p(2 * 4.0 ** k * x)


@fx("grads/mlp_training_step", "one hand-written training step of a 2-layer net: gradient shapes and a decreasing loss.", """
    struct Net:
        w1: Tensor[f64, 2]
        w2: Tensor[f64, 2]

    def loss(n, x, y):
        h = tanh(x @ n.w1)
        z = h @ n.w2
        return mean((z - y) ** 2)

    def main():
        n = Net(w1=reshape(arange(6.0), (2, 3)) / 10.0 - 0.2, w2=reshape(arange(3.0), (3, 1)) / 5.0)
        x = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]]
        y = [[1.0], [0.0], [1.0], [0.5]]
        before = loss(n, x, y)
        for i in range(20):
            g = grad(loss)(n, x, y)
            n = Net(w1=n.w1 - 0.5 * g.w1, w2=n.w2 - 0.5 * g.w2)
        print(g.w1.shape, g.w2.shape)
        print(loss(n, x, y) < before)
        print(abs(before - {{before}}) < 1e-14)
""")
def _(p):
    w1 = np.arange(6.0).reshape(2, 3) / 10.0 - 0.2
    w2 = np.arange(3.0).reshape(3, 1) / 5.0
    x = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]])
    y = np.array([[1.0], [0.0], [1.0], [0.5]])
    before = np.mean((np.tanh(x @ w1) @ w2 - y) ** 2)
    p((2, 3), (3, 1))
    p(True)
    p(True)
    return {"before": before}


@fx("grads/custom_vjp_tensor", "a @custom_vjp on a tensor function: the backward rule's cotangent is used.", """
    def clip_fwd(x):
        return (x, 0.0)

    def clip_bwd(res, ct):
        return (clip(ct, -1.0, 1.0),)

    @custom_vjp(clip_fwd, clip_bwd)
    def clipped_identity(x):
        return x

    def main():
        print(grad(lambda x: sum(clipped_identity(x) * [5.0, -0.5, -3.0]))([1.0, 2.0, 3.0]))
""")
def _(p):
    p(np.clip(np.array([5.0, -0.5, -3.0]), -1.0, 1.0))
