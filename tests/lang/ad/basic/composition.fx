# Pins: the chain rule through compositions of primitives.
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: d/dx log(exp(x)) ok
# EXPECT: d/dx sqrt(1 + x^2) at 1 ok
# EXPECT: d/dx tanh(sigmoid(x)) at 0.3 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    print(grad(lambda x: sin(x) * cos(x))(0.0))
    print(grad(lambda x: exp(sin(x)))(0.0))
    check("d/dx log(exp(x))", grad(lambda x: log(exp(x)))(0.5), 1.0)
    check("d/dx sqrt(1 + x^2) at 1", grad(lambda x: sqrt(1.0 + x * x))(1.0), 0.7071067811865475)
    check("d/dx tanh(sigmoid(x)) at 0.3", grad(lambda x: tanh(sigmoid(x)))(0.3), 0.17870858270429077)
