# Pins: the gradient through Newton's iteration with a data-dependent exit converges to the
# derivative of the converged value: d/da sqrt(a) = 1 / (2 sqrt(a)). (LANGUAGE.md §4's
# newton_sqrt.) Forward and reverse mode agree.
# EXPECT: value ok
# EXPECT: grad at 2 ok
# EXPECT: grad at 9 ok
# EXPECT: jvp at 2 ok
# EXPECT: derivative at 0.25 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def newton_sqrt(a):
    x = a
    while abs(x * x - a) > 1e-12:
        x = 0.5 * (x + a / x)
    return x

def main():
    check("value", newton_sqrt(2.0), 1.4142135623730951)
    check("grad at 2", grad(newton_sqrt)(2.0), 0.35355339059327373)
    check("grad at 9", grad(newton_sqrt)(9.0), 0.16666666666666666)
    check("jvp at 2", jvp(newton_sqrt, (2.0,), (1.0,))[1], 0.35355339059327373)
    check("derivative at 0.25", derivative(newton_sqrt)(0.25), 1.0)
