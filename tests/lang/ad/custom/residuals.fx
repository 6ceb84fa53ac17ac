# Pins: bwd receives the residuals fwd saved: fwd saves y = exp(x) and the (deliberately
# doubled) bwd returns 2 ct y, so the gradient is 2 exp(x).
# EXPECT: 1.0
# EXPECT: 2.0
# EXPECT: at 1 ok
def exp_fwd(x):
    y = exp(x)
    return (y, y)

def exp_bwd(y, ct):
    return (2.0 * ct * y,)

@custom_vjp(exp_fwd, exp_bwd)
def my_exp(x):
    return exp(x)

def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(my_exp(0.0))
    print(grad(my_exp)(0.0))
    check("at 1", grad(my_exp)(1.0), 5.43656365691809)
