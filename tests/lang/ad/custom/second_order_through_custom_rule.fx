# Pins: differentiating a custom gradient: the rule says f'(x) = x^2 for f(x) = x^3 (true:
# 3x^2), and second-order operators differentiate that rule: 2x = 6 at 3.
# spec-silent: §6 does not say how hessian nests modes; taken as JAX's
# hessian = jacfwd(jacrev(f)), so the inner reverse pass uses the rule and the outer
# derivative differentiates bwd(residuals(x), 1). grad(grad(f)) does the same by definition.
# EXPECT: 9.0
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: 6.0
def cube_fwd(x):
    return (x * x * x, x)

def cube_bwd(x, ct):
    return (x * x * ct,)

@custom_vjp(cube_fwd, cube_bwd)
def cube(x):
    return x * x * x

def main():
    print(grad(cube)(3.0))
    print(grad(grad(cube))(3.0))
    print(derivative(grad(cube))(3.0))
    print(hessian(cube)(3.0))
