# Pins: default parameter values: left out, given by position or by keyword (in any order),
# on a nested def, through a function value, and inside differentiated code (grad, jacfwd,
# hessian of functions that call with defaults; a lambda around a function with defaults).
# EXPECT: 2.0 3.0 7.0 1.5
# EXPECT: counting from 3
# EXPECT: 4 5 4
# EXPECT: 8.0
# EXPECT: 13.5
# EXPECT: 14.0 14.0 8.0
# EXPECT: 2.0 2.0
# EXPECT: [2.0, 4.0] [3.0, 3.0]
# EXPECT: None -1 hi

def scale(x, k=2.0, shift=0.0):
    return k * x + shift

def count(n: i64, step: i64 = 1, verbose: bool = False) -> i64:
    if verbose:
        print("counting from", n)
    return n + step

def apply(f, x):
    return f(x)

def outer(a):
    def inner(x, p=-1):
        return a * x ** p
    return inner(2.0) + inner(2.0, 2)

def loss(w):
    return scale(w) ** 2 + scale(w, shift=1.0)

def literals(a=None, b=-1, c="hi"):
    return (a, b, c)

def main():
    print(scale(1.0), scale(1.0, 3.0), scale(1.0, shift=5.0), scale(x=1.0, shift=1.0, k=0.5))
    print(count(3), count(3, 2), count(3, verbose=True))
    print(apply(scale, 4.0))
    print(outer(3.0))
    print(grad(loss)(1.5), jacfwd(loss)(1.5), hessian(loss)(1.5))
    print(grad(scale)(1.0, 2.0, 0.0), grad(lambda x: scale(x))(1.0))
    print(scale([1.0, 2.0]), grad(lambda v: sum(scale(v, k=3.0)))([1.0, 2.0]))
    a, b, c = literals()
    print(a, b, c)
