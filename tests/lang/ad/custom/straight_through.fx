# Pins: @custom_vjp(fwd, bwd) replaces the reverse-mode derivative: a straight-through
# rounding whose true derivative is 0 but whose custom gradient passes the cotangent through.
# EXPECT: 2.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: x * round(x) at 2.3 ok
def round_fwd(x):
    return (floor(x + 0.5), x)

def round_bwd(res, ct):
    return (ct,)

@custom_vjp(round_fwd, round_bwd)
def st_round(x):
    return floor(x + 0.5)

def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(st_round(2.3))
    print(grad(st_round)(2.3))
    print(grad(st_round)(-7.9))
    # d/dx (x round(x)) with round' = 1: round(x) + x = 2 + 2.3
    check("x * round(x) at 2.3", grad(lambda x: x * st_round(x))(2.3), 4.3)
