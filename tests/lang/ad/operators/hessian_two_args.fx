# Pins: hessian with argnums=(0, 1) is a nested tuple ((f_xx, f_xy), (f_yx, f_yy)).
# f(x, y) = x^2 y + y^3: f_xx = 2y, f_xy = 2x, f_yy = 6y.
# EXPECT: ((6.0, 4.0), (4.0, 18.0))
# EXPECT: 18.0
# EXPECT: 6.0
# EXPECT: ((0.0, 1.0), (1.0, 0.0))
def f(x, y):
    return x * x * y + y * y * y

def main():
    print(hessian(f, argnums=(0, 1))(2.0, 3.0))
    print(hessian(f, argnums=1)(2.0, 3.0))
    print(hessian(f)(2.0, 3.0))
    print(hessian(lambda a, b: a * b, argnums=(0, 1))(5.0, 7.0))
