# Pins: third derivatives through a recursion whose branch depends on the value computed so
# far (each level squares or adds, so the pullback is one of two codes chosen at run time),
# ahead of time, checked against central finite differences of the second derivative.
# EXPECT: True
# EXPECT: True
def g(x, n):
    if n == 0:
        return x
    y = g(x, n - 1)
    if y > 1.0:
        return y * y * 0.5
    return y + x * x

def main():
    f = lambda x: g(x, 4)
    h = 1e-4
    for x in [0.6, 1.3]:
        d3 = grad(grad(grad(f)))(x)
        fd = (grad(grad(f))(x + h) - grad(grad(f))(x - h)) / (2.0 * h)
        print(abs(d3 - fd) < 1e-5 * (1.0 + abs(d3)) and abs(jvp(grad(grad(f)), (x,), (1.0,))[1] - d3) < 1e-9 * (1.0 + abs(d3)))
