# Pins: the derivative rules of the special functions, to second order (mpmath values):
# lgamma' = digamma, lgamma'' = digamma' = trigamma, erf' = 2/sqrt(pi) exp(-x^2), erfc' = -erf',
# in forward and reverse mode, on scalars and elementwise on tensors.
# EXPECT: grad ok
# EXPECT: second order ok
# EXPECT: tensors ok
# EXPECT: jvp ok
def close(got, want):
    return abs(got - want) <= 1e-12 * max(1.0, abs(want))

def check(what, got, want):
    ok = True
    for i in range(len(got)):
        if not close(got[i], want[i]):
            print(what, i, "got", got[i], "want", want[i])
            ok = False
    if ok:
        print(what, "ok")

def main():
    check("grad",
          [grad(lgamma)(2.5), derivative(lgamma)(-2.3), grad(digamma)(2.5), derivative(digamma)(0.5), grad(erf)(0.5), derivative(erfc)(-1.2), grad(lambda x: lgamma(x * x))(1.5)],
          [0.7031566406452432, 3.3173231575618227, 0.49035775610023485, 4.934802200544679, 0.8787825789354448, -0.26734434700353915, 3.0 * digamma(2.25)])
    check("second order",
          [derivative(derivative(lgamma))(2.5), grad(grad(lgamma))(10.0), derivative(derivative(erf))(0.5), grad(grad(erfc))(-1.2), hessian(lgamma)(0.5)],
          [0.49035775610023485, 0.10516633568168575, -0.8787825789354448, -0.641626432808494, 4.934802200544679])
    g = grad(lambda v: sum(lgamma(v)))([0.5, 2.5, 10.0])
    h = hessian(lambda v: sum(erf(v) + lgamma(v)))([0.5, 3.0])
    jf = jacfwd(digamma)([2.5, 10.0])
    check("tensors",
          [g[0], g[1], g[2], h[0, 0], h[0, 1], h[1, 1], jf[0, 0], jf[1, 1], jf[0, 1]],
          [-1.9635100260214235, 0.7031566406452432, 2.251752589066721, -0.8787825789354448 + 4.934802200544679, 0.0, -0.0008355183116804871 + 0.39493406684822646, 0.49035775610023485, 0.10516633568168575, 0.0])
    y, dy = jvp(lgamma, (2.5,), (2.0,))
    check("jvp", [y, dy], [0.2846828704729196, 1.4063132812904864])
