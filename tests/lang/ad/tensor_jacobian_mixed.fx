# Pins: with argnums a tuple over a scalar and a tensor, and a tuple output, the Jacobian is a
# tuple (per output) of tuples (per input); a tensor entry has shape out.shape + in.shape.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: ((3.0, [3.0, 3.0]), ([1.0, 4.0], [[6.0, 0.0], [0.0, 12.0]]))
# EXPECT: ((3.0, [3.0, 3.0]), ([1.0, 4.0], [[6.0, 0.0], [0.0, 12.0]]))
# EXPECT: (([3.0, 3.0], 3.0), ([[6.0, 0.0], [0.0, 12.0]], [1.0, 4.0]))
# EXPECT: ([3.0, 3.0], [[6.0, 0.0], [0.0, 12.0]])
# EXPECT: ((2.0, [2.0, 4.0]), ([2.0, 4.0], [[12.0, 0.0], [0.0, 18.0]]))
# EXPECT: [[[[3.0, 4.0]]]]

def f(s, v):
    return (s * sum(v), s * v * v)

def g(s, v):
    return s * s + s * sum(v ** 2.0) + sum(v ** 3.0)

def main():
    v = [1.0, 2.0]
    print(jacfwd(f, argnums=(0, 1))(3.0, v))
    print(jacrev(f, argnums=(0, 1))(3.0, v))
    print(jacrev(f, argnums=(1, 0))(3.0, v))
    print(jacfwd(f, argnums=1)(3.0, v))
    print(hessian(g, argnums=(0, 1))(3.0, [1.0, 2.0]))
    print(jacrev(lambda p: (p[0] @ p[1]))(([[1.0, 2.0]], [[3.0], [4.0]]))[0])
