# Pins: hessian and grad(grad(...)) of a @custom_vjp function work (custom rules do not block
# other modes). The rules here are the true derivatives, written with the residuals, so the
# result is the true second derivative whichever way the modes are nested.
# cube'' = 6x = 12 at 2; exp'' = exp = 1 at 0.
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: 1.0
def cube_fwd(x):
    return (x * x * x, x)

def cube_bwd(x, ct):
    return (3.0 * x * x * ct,)

@custom_vjp(cube_fwd, cube_bwd)
def cube(x):
    return x * x * x

def exp_fwd(x):
    y = exp(x)
    return (y, y)

def exp_bwd(y, ct):
    return (ct * y,)

@custom_vjp(exp_fwd, exp_bwd)
def my_exp(x):
    return exp(x)

def main():
    print(hessian(cube)(2.0))
    print(grad(grad(cube))(2.0))
    print(hessian(my_exp)(0.0))
