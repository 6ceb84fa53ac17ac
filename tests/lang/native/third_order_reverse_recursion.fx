# Pins: third derivatives through recursion in reverse mode, natively (`--grad-mode=reverse`: by
# default a gradient of one f64 runs in forward mode, which never builds a recursion's pullback).
# The pullback of `power` is one of its `if`'s two branches' pullbacks; its tangent, in the
# reverse of the reverse of the reverse, is one of several tuples whose elements differ in type
# (read where the code knows which one it is: expand/value_types.cpp `narrowed_by_reads`), holds
# the named tangent of the recursion's pullback (replaced element by element: `set_attr` of a
# boxed tangent, and added: a helper per type) and zeros of one of several closures.
# power(x, 3) = x^3: its third derivative is 6; g's third derivative is
# checked against a central difference of its second and against forward mode over reverse.
# RUN: run --native --grad-mode=reverse
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: True
# EXPECT: True
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def g(x, n):
    if n == 0:
        return x
    y = g(x, n - 1)
    if y > 1.0:
        return y * y * 0.5
    return y + x * x

def main():
    cube = lambda x: power(x, 3)
    print(grad(grad(grad(cube)))(2.0))
    print(derivative(grad(derivative(cube)))(0.5))
    f = lambda x: g(x, 4)
    h = 1e-4
    for x in [0.6, 1.3]:
        d3 = grad(grad(grad(f)))(x)
        fd = (grad(grad(f))(x + h) - grad(grad(f))(x - h)) / (2.0 * h)
        print(abs(d3 - fd) < 1e-5 * (1.0 + abs(d3)) and abs(jvp(grad(grad(f)), (x,), (1.0,))[1] - d3) < 1e-9 * (1.0 + abs(d3)))
