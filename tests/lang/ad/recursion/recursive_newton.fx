# Pins: a tail-recursive Newton iteration whose depth depends on the data: d/da sqrt(a).
# EXPECT: at 4 ok
# EXPECT: at 2 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def rsqrt(a, x):
    if abs(x * x - a) < 1e-12:
        return x
    return rsqrt(a, 0.5 * (x + a / x))

def main():
    check("at 4", grad(lambda a: rsqrt(a, a))(4.0), 0.25)
    check("at 2", grad(lambda a: rsqrt(a, 1.0))(2.0), 0.35355339059327373)
