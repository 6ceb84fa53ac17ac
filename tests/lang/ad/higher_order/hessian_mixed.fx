# Pins: a full 2x2 Hessian of f = x^3 y^2 at (1, 2): f_xx = 6 x y^2 = 24, f_xy = 6 x^2 y = 12,
# f_yy = 2 x^3 = 2.
# EXPECT: ((24.0, 12.0), (12.0, 2.0))
# EXPECT: 12.0
def f(x, y):
    return x * x * x * y * y

def main():
    print(hessian(f, argnums=(0, 1))(1.0, 2.0))
    print(hessian(f, argnums=(0, 1))(1.0, 2.0)[1][0])
