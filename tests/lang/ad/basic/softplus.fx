# Pins: d/dx softplus(x) = sigmoid(x).
# EXPECT: 0.5
# EXPECT: softplus'(2) ok
# EXPECT: softplus'(-1) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(softplus)(0.0))
    check("softplus'(2)", grad(softplus)(2.0), 0.8807970779778823)
    check("softplus'(-1)", grad(softplus)(-1.0), 0.2689414213699951)
