# Pins: gradient through a fixed-point iteration x <- 0.5 cos(x) + a run to convergence with
# a data-dependent exit: by the implicit function theorem dx*/da = 1 / (1 + 0.5 sin(x*)).
# EXPECT: fixed point ok
# EXPECT: grad ok
# EXPECT: derivative ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def solve(a):
    x = 0.0
    delta = 1.0
    n = 0
    while abs(delta) > 1e-15 and n < 200:
        nx = 0.5 * cos(x) + a
        delta = nx - x
        x = nx
        n += 1
    return x

def main():
    check("fixed point", solve(0.3), 0.6866781260520064)
    check("grad", grad(solve)(0.3), 0.7593096028446834)
    check("derivative", derivative(solve)(0.3), 0.7593096028446834)
