# Pins: d/dx log1p(x) = 1/(1+x).
# EXPECT: 0.5
# EXPECT: 0.25
# EXPECT: log1p'(0.5) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(log1p)(1.0))
    print(grad(log1p)(3.0))
    check("log1p'(0.5)", grad(log1p)(0.5), 0.6666666666666666)
