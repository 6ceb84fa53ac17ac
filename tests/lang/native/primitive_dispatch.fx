# One of several primitives chosen at run time, called and differentiated: a call switches on
# the union's tag and applies the primitive of the case, and the expansion's dispatch on which
# primitive the function value is (closure_is of a primitive) reads the tag too
# (src/codegen/emitter.cpp). Each choice gives its own value and derivative: sin(0.5),
# exp(0.5), tanh(0.5) and cos(0.5), exp(0.5), 1 - tanh(0.5)^2; a union of a primitive and a
# lambda, sum(v) and v.v.
# RUN: run --native
# EXPECT: 0 0.479425538604203 0.8775825618903728
# EXPECT: 1 1.6487212707001282 1.6487212707001282
# EXPECT: 2 0.46211715726000974 0.7864477329659274
# EXPECT: 0.8775825618903728 1.6487212707001282 0.7864477329659274
# EXPECT: 6.0 12.0
# EXPECT: 14.0 56.0
def pick(i):
    fs = (sin, exp, tanh)
    if i == 0:
        return fs[0]
    elif i == 1:
        return fs[1]
    return fs[2]

def sum_or_square(i):
    if i == 0:
        return sum
    return lambda v: dot(v, v)

def main():
    for i in range(3):
        f = pick(i)
        print(i, f(0.5), grad(f)(0.5))
    print(grad(pick(0))(0.5), grad(pick(1))(0.5), grad(pick(2))(0.5))
    v = [1.0, 2.0, 3.0]
    for i in range(2):
        g = sum_or_square(i)
        print(g(v), g(v * 2.0))
