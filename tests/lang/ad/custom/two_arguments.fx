# Pins: a custom_vjp function of two arguments: bwd returns one cotangent per argument (here
# deliberately 10 y ct for x, the true x ct for y).
# EXPECT: 6.0
# EXPECT: (30.0, 2.0)
# EXPECT: 30.0
# EXPECT: 2.0
def mul_fwd(x, y):
    return (x * y, (x, y))

def mul_bwd(res, ct):
    x, y = res
    return (10.0 * y * ct, x * ct)

@custom_vjp(mul_fwd, mul_bwd)
def odd_mul(x, y):
    return x * y

def main():
    print(odd_mul(2.0, 3.0))
    print(grad(odd_mul, argnums=(0, 1))(2.0, 3.0))
    print(grad(odd_mul)(2.0, 3.0))
    print(grad(odd_mul, argnums=1)(2.0, 3.0))
