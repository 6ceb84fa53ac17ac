# Pins: a @custom_vjp rule does not block forward mode: jvp and derivative of a custom_vjp
# function work. The rule here is the true derivative (computed from the residual), so the
# result does not depend on whether forward mode uses the body or the rule.
# EXPECT: (1.0, 1.0)
# EXPECT: jvp at 1 ok
# EXPECT: 3.0
def exp_fwd(x):
    y = exp(x)
    return (y, y)

def exp_bwd(y, ct):
    return (ct * y,)

@custom_vjp(exp_fwd, exp_bwd)
def my_exp(x):
    return exp(x)

def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(jvp(my_exp, (0.0,), (1.0,)))
    check("jvp at 1", jvp(my_exp, (1.0,), (1.0,))[1], 2.718281828459045)
    print(derivative(lambda x: 3.0 * my_exp(x))(0.0))
