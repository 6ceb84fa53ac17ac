# Pins: d/dx exp(x) = exp(x), through grad and through the chain rule.
# EXPECT: 1.0
# EXPECT: exp'(1) ok
# EXPECT: d/dx exp(2x) at 1 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(exp)(0.0))
    check("exp'(1)", grad(exp)(1.0), 2.718281828459045)
    check("d/dx exp(2x) at 1", grad(lambda x: exp(2.0 * x))(1.0), 14.7781121978613)
