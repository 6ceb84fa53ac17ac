# Pins: second derivatives through a branch whose pullbacks' envs differ in the types of their
# elements, natively. The pullback of `f`'s `if` is one of two codes; its cotangent (in
# grad(grad(f))) and its tangent (in derivative(grad(f)), hessian) is the env tangent of the one
# it is: a union of two tuples whose first elements are (f64,) (`n == 0`'s branch captures x)
# and f64 (the other's first residual). The dispatch on the pullback passes the union to each
# case's code, which reads it as the alternative of its own env (expand/value_types.cpp
# `narrowed`, the emitter checking the tag). f = x^3 for n != 0, so f'' = 6x; 0 for n == 0.
# RUN: run --native
# EXPECT: 12.0
# EXPECT: 0.0
# EXPECT: 9.0
# EXPECT: 3.0
# EXPECT: 18.0
# EXPECT: (27.0, 18.0)
def f(x, n):
    return 1.0 if n == 0 else x * x * x

def main():
    n = arg(0, 2)
    print(grad(grad(lambda x: f(x, n)))(2.0))
    print(grad(grad(lambda x: f(x, n - 2)))(2.0))
    print(hessian(lambda x: f(x, n + 1))(1.5))
    print(derivative(grad(lambda x: f(x, n)))(0.5))
    print(grad(derivative(lambda x: f(x, n)))(3.0))
    print(jvp(grad(lambda x: f(x, n)), (3.0,), (1.0,)))
