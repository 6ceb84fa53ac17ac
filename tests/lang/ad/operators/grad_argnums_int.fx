# Pins: grad(f, argnums=k) differentiates w.r.t. argument k (default 0), by keyword or by
# position.
# EXPECT: 12.0
# EXPECT: 12.0
# EXPECT: 4.0
# EXPECT: 4.0
def f(x, y):
    return x * x * y

def main():
    print(grad(f)(2.0, 3.0))
    print(grad(f, argnums=0)(2.0, 3.0))
    print(grad(f, argnums=1)(2.0, 3.0))
    print(grad(f, 1)(2.0, 3.0))
