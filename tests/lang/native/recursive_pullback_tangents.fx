# Pins: second derivatives through recursion over a vector, natively, in the reverse of the
# reverse (grad(grad(f)), hessian) and forward over reverse (jvp(grad(f)), derivative(grad(f))).
# The pullback of a recursion holds the pullback of the call inside (a recursive closure); the
# second derivative differentiates that pullback, whose tangent nests as deep as the recursion
# went: the named tangent of the recursive closure, a counted box holding the tangent of its env
# (expand/value_types.cpp `folded`, codegen/c_types.cpp). horner(cs, 0, x) = 1 + 2x + 3x^2 + 4x^3,
# so f'' = 6 + 24x; g(x) = sin(x) sin(x/2) sin(2x), whose g'' is written out by the product rule.
# All hand-derived.
# RUN: run --native
# EXPECT: 18.0
# EXPECT: -30.0
# EXPECT: 18.0
# EXPECT: -30.0
# EXPECT: True
# EXPECT: True
# EXPECT: True
def horner(cs, i, x):
    return cs[i] if i == len(cs) - 1 else cs[i] + x * horner(cs, i + 1, x)

def sines(ws, i, x):
    return 1.0 if i == len(ws) else sin(ws[i] * x) * sines(ws, i + 1, x)

def main():
    cs = [1.0, 2.0, 3.0, 4.0]
    f = lambda x: horner(cs, 0, x)
    print(grad(grad(f))(0.5))
    print(jvp(grad(f), (-1.5,), (1.0,))[1])
    print(derivative(grad(f))(0.5))
    print(hessian(f)(-1.5))
    ws = [1.0, 0.5, 2.0]
    g = lambda x: sines(ws, 0, x)
    x = 0.8
    a, da, dda = sin(x), cos(x), -sin(x)
    b, db, ddb = sin(0.5 * x), 0.5 * cos(0.5 * x), -0.25 * sin(0.5 * x)
    c, dc, ddc = sin(2.0 * x), 2.0 * cos(2.0 * x), -4.0 * sin(2.0 * x)
    want = dda * b * c + a * ddb * c + a * b * ddc + 2.0 * (da * db * c + da * b * dc + a * db * dc)
    print(abs(grad(grad(g))(x) - want) < 1e-12)
    print(abs(jvp(grad(g), (x,), (1.0,))[1] - want) < 1e-12)
    print(abs(derivative(grad(g))(x) - want) < 1e-12)
