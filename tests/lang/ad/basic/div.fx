# Pins: d(x/y) = (1/y, -x/y^2); i64 numerators promote.
# EXPECT: -0.25
# EXPECT: (0.5, -0.75)
# EXPECT: 0.5
# EXPECT: d/dx 3/x at 3 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(lambda x: 1.0 / x)(2.0))
    print(grad(lambda x, y: x / y, argnums=(0, 1))(3.0, 2.0))
    print(grad(lambda x: x / 2)(10.0))
    check("d/dx 3/x at 3", grad(lambda x: 3 / x)(3.0), -0.3333333333333333)
