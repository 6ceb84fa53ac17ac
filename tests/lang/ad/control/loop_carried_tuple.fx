# Pins: several loop-carried values updated together by tuple assignment (a Fibonacci-like
# recurrence starting from (y, x)): after 10 steps b = 55 y + 89 x.
# EXPECT: 89.0
# EXPECT: (89.0, 55.0)
def fib_like(x, y):
    a, b = y, x
    for i in range(10):
        a, b = b, a + b
    return b

def main():
    print(grad(fib_like)(2.0, 1.0))
    print(grad(fib_like, argnums=(0, 1))(2.0, 1.0))
