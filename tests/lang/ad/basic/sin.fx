# Pins: d/dx sin(x) = cos(x); chain rule through sin(2x).
# EXPECT: 1.0
# EXPECT: sin'(1) ok
# EXPECT: d/dx sin(2x) at 0.3 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(sin)(0.0))
    check("sin'(1)", grad(sin)(1.0), 0.5403023058681398)
    check("d/dx sin(2x) at 0.3", grad(lambda x: sin(2.0 * x))(0.3), 1.6506712298193567)
