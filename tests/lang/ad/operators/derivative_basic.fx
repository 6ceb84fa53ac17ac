# Pins: derivative(f) is f' for a scalar -> scalar f, and is itself a function value.
# EXPECT: 12.0
# EXPECT: 1.0
# EXPECT: 3.0 12.0 27.0
# EXPECT: d cos at 1 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def cube(x):
    return x * x * x

def main():
    print(derivative(cube)(2.0))
    print(derivative(sin)(0.0))
    d = derivative(cube)
    print(d(1.0), d(2.0), d(3.0))
    check("d cos at 1", derivative(cos)(1.0), -0.8414709848078965)
