# --check-nan leaves finite programs alone, second-order derivatives included (hessian is
# jacfwd of jacrev: forward mode over the reverse pass).
# RUN: run --check-nan
# EXPECT: 1.4142135623730951
# EXPECT: 0.35355339059327373
# EXPECT: (1.0, 4.0)
# EXPECT: ((2.0, 2.0), (2.0, 0.0))
def f(x, y):
    return x * x * y

def main():
    print(sqrt(2.0))
    print(grad(sqrt)(2.0))
    print(jvp(lambda x: x * x, (1.0,), (2.0,)))
    print(hessian(f, argnums=(0, 1))(1.0, 1.0))
