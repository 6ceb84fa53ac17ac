# Pins: a custom_vjp function called in a loop: each straight-through rounding passes the
# cotangent, so the gradient of round(1.5 round(1.5 round(1.5 x))) is 1.5^3.
# EXPECT: 5.0
# EXPECT: 3.375
def round_fwd(x):
    return (floor(x + 0.5), x)

def round_bwd(res, ct):
    return (ct,)

@custom_vjp(round_fwd, round_bwd)
def st_round(x):
    return floor(x + 0.5)

def chain(x):
    for i in range(3):
        x = st_round(x * 1.5)
    return x

def main():
    print(chain(1.0))
    print(grad(chain)(1.0))
