# Pins: third derivatives through a recursion whose branches differ (the pullback of each
# level is one of two codes), ahead of time: p(x, 3) = 2x^3 + x^2 + x + 1, so
# p'' = 12x + 2 = 26 and p''' = 12 at x = 2, by grad of grad of grad, jvp of grad of grad,
# and the forward/reverse mixes.
# EXPECT: 12.0
# EXPECT: (26.0, 12.0)
# EXPECT: 12.0
# EXPECT: 12.0
def p(x, n):
    if n == 0:
        return 2.0
    return x * p(x, n - 1) + 1.0

def main():
    f = lambda x: p(x, 3)
    print(grad(grad(grad(f)))(2.0))
    print(jvp(grad(grad(f)), (2.0,), (1.0,)))
    print(derivative(grad(grad(f)))(2.0))
    print(grad(derivative(derivative(f)))(2.0))
