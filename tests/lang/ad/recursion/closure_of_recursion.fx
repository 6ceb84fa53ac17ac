# Pins: derivatives of closures that capture a recursive function's arguments (make_power),
# of a recursion that calls a captured closure at every level and branches on its depth
# (iterate: its pullback holds one of two codes), and of a closure passed to a function that
# calls it twice, capturing the variable we differentiate by.
# EXPECT: 108.0
# EXPECT: 108.0
# EXPECT: 4.5
# EXPECT: 4.0
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def make_power(n):
    return lambda x: power(x, n)

def apply_twice(f, x):
    return f(f(x))

def iterate(f, x, n):
    if n == 0:
        return x
    if n % 2 == 0:
        return iterate(f, f(x), n - 1)
    return iterate(f, 2.0 * f(x), n - 1)

def main():
    cube = make_power(3)
    print(grad(cube)(6.0))                                    # 3 x^2 = 108
    print(derivative(cube)(6.0))
    scale = lambda x: 1.5 * x
    print(grad(lambda x: iterate(scale, x, 2))(5.0))          # iterate = 2 (1.5 (1.5 x)) = 4.5 x
    print(grad(lambda k: apply_twice(lambda x: power(x, 1) * k, 1.0))(2.0))  # k^2: 2 k
