# Pins: lgamma, digamma, trigamma, erf, erfc on scalars (ints promote) and elementwise on tensors;
# values from mpmath (digamma, trigamma) and Python's math (lgamma, erf, erfc). Poles: lgamma and
# trigamma are inf at the non-positive integers, digamma is nan there (and -inf at 0), as SciPy.
# EXPECT: lgamma ok
# EXPECT: digamma ok
# EXPECT: trigamma ok
# EXPECT: erf ok
# EXPECT: erfc ok
# EXPECT: tensor ok
# EXPECT: 0.0 0.0 1.0 0.0
# EXPECT: inf inf -inf nan inf
# EXPECT: (3,) (2, 2)
def close(got, want):
    return abs(got - want) <= 1e-13 * max(1.0, abs(want))

def check(what, got, want):
    ok = True
    for i in range(len(got)):
        if not close(got[i], want[i]):
            print(what, i, "got", got[i], "want", want[i])
            ok = False
    if ok:
        print(what, "ok")

def main():
    check("lgamma",
          [lgamma(0.5), lgamma(2.5), lgamma(10.0), lgamma(-0.5), lgamma(-2.3), lgamma(3)],
          [0.5723649429247004, 0.2846828704729196, 12.801827480081467, 1.265512123484645, 0.369566663455008, 0.6931471805599453])
    check("digamma",
          [digamma(0.5), digamma(1.0), digamma(2.5), digamma(10.0), digamma(-0.5), digamma(-2.3)],
          [-1.9635100260214235, -0.5772156649015329, 0.7031566406452432, 2.251752589066721, 0.03648997397857652, 3.3173231575618227])
    check("trigamma",
          [trigamma(0.5), trigamma(1.0), trigamma(2.5), trigamma(10.0), trigamma(-0.5), trigamma(-2.3)],
          [4.934802200544679, 1.6449340668482264, 0.49035775610023485, 0.10516633568168575, 8.934802200544679, 14.725912160961292])
    check("erf",
          [erf(0.5), erf(-1.2), erf(3.0)],
          [0.5204998778130465, -0.9103139782296353, 0.9999779095030014])
    check("erfc",
          [erfc(0.5), erfc(-1.2), erfc(3.0)],
          [0.4795001221869535, 1.9103139782296354, 2.2090496998585438e-05])
    v = [0.5, 2.5, 10.0]
    lg = lgamma(v)
    dg = digamma(v)
    tg = trigamma(v)
    m = erf([[0.5, -1.2], [3.0, 0.0]])
    check("tensor",
          [lg[0], lg[2], dg[1], tg[2], m[0, 1], erfc(m)[1, 1]],
          [0.5723649429247004, 12.801827480081467, 0.7031566406452432, 0.10516633568168575, -0.9103139782296353, 1.0])
    print(lgamma(1.0), erf(0.0), erfc(0.0), lgamma(2))
    print(lgamma(0.0), lgamma(-1.0), digamma(0.0), digamma(-1.0), trigamma(0.0))
    print(lg.shape, m.shape)
