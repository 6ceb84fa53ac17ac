# Pins: d/dx log(x) = 1/x, exactly at powers of two; d/dx log(x*x) = 2/x.
# EXPECT: 0.5
# EXPECT: 0.25
# EXPECT: d/dx log(x*x) at 3 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(log)(2.0))
    print(grad(lambda x: log(x))(4.0))
    check("d/dx log(x*x) at 3", grad(lambda x: log(x * x))(3.0), 0.6666666666666666)
