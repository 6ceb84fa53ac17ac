# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# tree_map of a value that is one of two lambdas over leaves of two types (f64 and vectors),
# differentiated: the specialiser writes a call at each leaf through the value switched to the
# clones of that leaf's type (types/specialiser.cpp expand_tree_map), so each leaf's derivative
# is that clone's.
# loss = t[0] + sum(t[1]) + sum(p.a) + p.b: with x*x*k it is 16kw² (d/dw 32kw, d/dk 16w²); with
# sin(x)+k it is 3 sin(w) + sin(3w) + sin(2w) + 5k.
# EXPECT: (32.0, 4.0)
# EXPECT: (3.9255639024105067, 5.0)
# EXPECT: (8.0, 32.0)
# EXPECT: -13.781615434480685
struct Pair:
    a: Tensor[f64, 1]
    b: f64

def loss(w: f64, k: f64) -> f64:
    h = (lambda x: x * x * k) if k > 1.0 else (lambda x: sin(x) + k)
    t = tree_map(h, (w, [w, 3.0 * w]))
    p = tree_map(h, Pair(a=[w], b=2.0 * w))
    return t[0] + sum(t[1]) + sum(p.a) + p.b

def main():
    print(grad(loss, argnums=(0, 1))(0.5, 2.0))
    print(grad(loss, argnums=(0, 1))(0.5, 0.5))
    print(jvp(loss, (0.5, 2.0), (1.0, 0.0)))
    print(hessian(loss)(0.5, 0.5))
