# Derivatives in native code (docs/codegen.md "Derivatives"): the expanded program's closures
# are their envs, a loop's tape is a stack of counted cells, a branch's pullback is one of two
# codes chosen by a tag, tensors' tangents are added by the runtime. --native: a construct
# that falls back to the interpreter fails this test instead of passing silently.
# RUN: run --native
# EXPECT: 7.0
# EXPECT: 12.0
# EXPECT: 4.0 3.0
# EXPECT: [2.0, 4.0, 6.0]
# EXPECT: 10.0
# EXPECT: 27.0 6.0
# EXPECT: 2.0
def poly(x):
    return x * x + 3.0 * x

def cube_by_loop(x):
    r = 1.0
    i = 0
    while i < 3:
        r = r * x
        i = i + 1
    return r

def piecewise(x):
    if x > 1.0:
        return x * x
    return 3.0 * x

def main():
    print(grad(poly)(2.0))
    print(grad(cube_by_loop)(2.0))
    print(grad(piecewise)(2.0), grad(piecewise)(0.5))
    print(grad(lambda v: sum(v * v))([1.0, 2.0, 3.0]))
    print(derivative(lambda x: grad(poly)(x) * x)(2.0) - 1.0)
    print(value_and_grad(lambda x: x * x * x / 3.0 * 3.0)(3.0)[0], grad(lambda x: x * x)(3.0))
    print(jvp(lambda x: x * x, (1.0,), (1.0,))[1])
