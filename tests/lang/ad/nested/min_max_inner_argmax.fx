# Pins: a nested optimisation: the inner function runs gradient ascent on y for a fixed x,
# the outer gradient differentiates through the whole inner loop of gradients.
# inner(x): maximise g(y) = -(y - x)^2 + y by 100 steps y += 0.25 g'(y), from y = 0: the
# iteration y <- y + 0.25 (-2 (y - x) + 1) = 0.5 y + 0.5 x + 0.25 converges to x + 0.5 with
# dy/dx -> 1 (exactly 1 - 0.5^100). Then outer(x) = y*(x)^2 has derivative 2 (x + 0.5).
# EXPECT: reverse over reverse ok
# EXPECT: forward over reverse ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def inner_argmax(x):
    y = 0.0
    for i in range(100):
        g = grad(lambda t: -(t - x) * (t - x) + t)(y)
        y = y + 0.25 * g
    return y

def main():
    check("reverse over reverse", grad(lambda x: inner_argmax(x) * inner_argmax(x))(2.0), 5.0)
    check("forward over reverse", derivative(lambda x: inner_argmax(x) * inner_argmax(x))(2.0), 5.0)
