# Pins: d/dx tanh(x) = 1 - tanh(x)^2.
# EXPECT: 1.0
# EXPECT: tanh'(0.7) ok
# EXPECT: tanh'(-2) ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(tanh)(0.0))
    check("tanh'(0.7)", grad(tanh)(0.7), 0.6347395899824584)
    check("tanh'(-2)", grad(tanh)(-2.0), 0.07065082485316443)
