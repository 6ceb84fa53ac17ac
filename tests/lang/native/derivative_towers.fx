# Fourth derivatives in native code (docs/codegen.md "Derivatives"): each order's specialised
# graphs make closures of the same generated pullback code, each holding the one of the order
# inside with an env of another type. That nesting is finite, not a recursion (value_types.cpp
# types each order's closures apart); it was refused before as "a recursion whose closures
# hold values of different types". Reverse over reverse, forward over reverse, over a
# primitive and over a lambda that captures a value. --native: a fallback to the interpreter
# fails this test.
# RUN: run --native
# EXPECT: sin'''' ok
# EXPECT: (x sin x)'''' ok
# EXPECT: exp(kx)'''' ok
# EXPECT: jvp of (x sin x)''' ok
# EXPECT: 240.0
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    x = 0.7
    check("sin''''", grad(grad(grad(grad(sin))))(x), sin(x))
    f = lambda y: y * sin(y)
    check("(x sin x)''''", grad(derivative(grad(derivative(f))))(x), -4.0 * cos(x) + x * sin(x))
    k = 1.5
    g = lambda y: exp(k * y)
    check("exp(kx)''''", derivative(grad(grad(derivative(g))))(x), k * k * k * k * exp(k * x))
    check("jvp of (x sin x)'''", jvp(grad(grad(grad(f))), (x,), (1.0,))[1], -4.0 * cos(x) + x * sin(x))
    print(grad(grad(grad(grad(lambda y: y ** 5))))(2.0))
