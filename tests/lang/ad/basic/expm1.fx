# Pins: d/dx expm1(x) = exp(x).
# EXPECT: 1.0
# EXPECT: expm1'(1) ok
# EXPECT: expm1'(-2) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(expm1)(0.0))
    check("expm1'(1)", grad(expm1)(1.0), 2.718281828459045)
    check("expm1'(-2)", grad(expm1)(-2.0), 0.1353352832366127)
