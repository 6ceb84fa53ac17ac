# Pins: gradient through mutual recursion. ping(x, 3) = 2 pong(x, 2) = 2 (ping(x, 1) + x)
# = 2 (2 pong(x, 0) + x) = 4 x^2 + 2 x, derivative 8 x + 2.
# EXPECT: 14.0
# EXPECT: 14.0
def ping(x, n):
    return x if n == 0 else 2.0 * pong(x, n - 1)

def pong(x, n):
    return x * x if n == 0 else ping(x, n - 1) + x

def main():
    print(grad(lambda x: ping(x, 3))(1.5))
    print(derivative(lambda x: ping(x, 3))(1.5))
