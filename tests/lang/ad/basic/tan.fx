# Pins: d/dx tan(x) = 1 + tan(x)^2 = 1/cos(x)^2.
# EXPECT: 1.0
# EXPECT: tan'(0.5) ok
# EXPECT: tan'(-1) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(tan)(0.0))
    check("tan'(0.5)", grad(tan)(0.5), 1.2984464104095248)
    check("tan'(-1)", grad(tan)(-1.0), 3.425518820814759)
