# Derivatives through a value that is one of several functions, primitives among them, chosen
# at run time: a call whose result the derivative does not need (the expansion copies the
# primal call: the emitter finds its clones in closure_at's list), the zero of the tangent of
# one of several functions whose envs differ (by the value's tag), and a primitive's tangent
# env, which a dispatch narrows to the empty tuple. Natively and in the interpreter alike, at
# k = 2 and at k = 0.5 (the other alternative).
# RUN: run --native 2.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: 4.0
# EXPECT: [2.0, 4.0]
# EXPECT: 8.0
# EXPECT: 8.0
# EXPECT: -1.920340573300732
# EXPECT: 72.0
# EXPECT: 4.0
def main():
    k = arg(0, 2.0)
    j = k + 1.0
    h = exp if k < 1.0 else sin
    m = exp if k < 1.0 else (lambda x: x * k)
    c = (lambda x: x * k) if k < 1.0 else (lambda x: x + k)
    s = sin if k < 1.0 else (lambda x: x * k)
    d = (lambda x: x * x * k) if k < 1.0 else (lambda x: x * k * j)
    two = sin if k < 1.0 else cos
    # calls whose results the derivatives do not need
    print(grad(lambda x: (h(x), x)[1])(3.0))
    print(grad(lambda x: (m(x), x)[1])(3.0))
    print(grad(lambda x: (c(x), x)[1])(3.0))
    print(jacfwd(lambda x: (m(x), x)[1])(3.0))
    # one of a primitive and a closure, at two signatures
    print(jacfwd(lambda x: m(x))(3.0))
    print(grad(lambda x: (m(x), m([x, 2.0 * x]))[1][1])(3.0))
    print(jacfwd(lambda x: tree_map(m, (x, [x, 2.0 * x]))[1])(3.0))
    # second derivatives
    print(hessian(lambda x: s(x) * s(x))(3.0))
    print(jacfwd(grad(lambda x: s(x) * s(x)))(3.0))
    print(hessian(lambda x: two(x) * two(x))(3.0))
    print(hessian(lambda x: d(x) * d(x))(3.0))
    print(jacfwd(grad(lambda x: s(x) * x))(3.0))
