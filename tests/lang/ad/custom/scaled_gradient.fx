# Pins: a custom bwd that triples the cotangent of the identity: the custom rule is used, and
# composes with the chain rule on both sides.
# EXPECT: 5.0
# EXPECT: 3.0
# EXPECT: 3.0
# EXPECT: 12.0
def ident_fwd(x):
    return (x, x)

def ident_bwd(res, ct):
    return (3.0 * ct,)

@custom_vjp(ident_fwd, ident_bwd)
def triple_grad(x):
    return x

def main():
    print(triple_grad(5.0))
    print(grad(triple_grad)(5.0))
    print(grad(lambda x: sin(triple_grad(x)))(0.0))
    # ct 1 -> 3, times d(x^2)/dx = 4 at x = 2
    print(grad(lambda x: triple_grad(x * x))(2.0))
