# Pins: a recursive tower sin(sin(...sin(x))) of depth 5: the derivative is the product of
# cos at every level.
# EXPECT: reverse ok
# EXPECT: forward ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def tower(x, n):
    if n == 0:
        return x
    return sin(tower(x, n - 1))

def main():
    check("reverse", grad(lambda x: tower(x, 5))(0.7), 0.3664407711831068)
    check("forward", derivative(lambda x: tower(x, 5))(0.7), 0.3664407711831068)
