# Pins: d/dx cos(x) = -sin(x).
# EXPECT: cos'(1) ok
# EXPECT: cos'(pi/2) ok
# EXPECT: d/dx cos(x)^2 at pi/4 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    check("cos'(1)", grad(cos)(1.0), -0.8414709848078965)
    check("cos'(pi/2)", grad(cos)(1.5707963267948966), -1.0)
    # d/dx cos(x)^2 = -2 sin(x) cos(x) = -sin(2x): -1 at pi/4.
    check("d/dx cos(x)^2 at pi/4", grad(lambda x: cos(x) * cos(x))(0.7853981633974483), -1.0)
