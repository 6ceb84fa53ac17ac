# Pins: tanh'' = -2 tanh (1 - tanh^2) and tanh''' = -2 s^2 + 4 t^2 s (t = tanh, s = 1 - t^2).
# EXPECT: tanh'' at 0.5 ok
# EXPECT: tanh''' at 0.5 ok
# EXPECT: hessian ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def main():
    check("tanh'' at 0.5", grad(grad(tanh))(0.5), -0.7268619813835873)
    check("tanh''' at 0.5", grad(grad(grad(tanh)))(0.5), -0.5652092882597703)
    check("hessian", hessian(tanh)(0.5), -0.7268619813835873)
