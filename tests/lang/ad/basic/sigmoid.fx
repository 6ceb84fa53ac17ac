# Pins: d/dx sigmoid(x) = sigmoid(x) (1 - sigmoid(x)).
# EXPECT: 0.25
# EXPECT: sigmoid'(1) ok
# EXPECT: sigmoid'(-3) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(sigmoid)(0.0))
    check("sigmoid'(1)", grad(sigmoid)(1.0), 0.19661193324148185)
    check("sigmoid'(-3)", grad(sigmoid)(-3.0), 0.04517665973091214)
