# Pins: d/dx sqrt(x) = 1/(2 sqrt(x)), exact at perfect squares.
# EXPECT: 0.25
# EXPECT: 0.125
# EXPECT: sqrt'(2) ok
# EXPECT: sqrt'(10) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(sqrt)(4.0))
    print(grad(sqrt)(16.0))
    check("sqrt'(2)", grad(sqrt)(2.0), 0.35355339059327373)
    check("sqrt'(10)", grad(lambda x: sqrt(x))(10.0), 0.15811388300841897)
