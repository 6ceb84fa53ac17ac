# Pins: fourth derivatives: exp'''' = exp; sin'''' = sin; alternating modes.
# EXPECT: 1.0
# EXPECT: exp'''' at 1 ok
# EXPECT: sin'''' at 1 ok
# EXPECT: 24.0
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(derivative(derivative(derivative(derivative(exp))))(0.0))
    check("exp'''' at 1", grad(derivative(grad(derivative(exp))))(1.0), 2.718281828459045)
    check("sin'''' at 1", grad(grad(grad(grad(sin))))(1.0), 0.8414709848078965)
    print(grad(grad(grad(grad(lambda x: x ** 4))))(3.0))
