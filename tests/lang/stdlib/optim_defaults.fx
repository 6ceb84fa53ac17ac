# Pins: the optimisers' hyperparameters default to PyTorch's: a step with the defaults left out
# equals the step with them written out (adam, adagrad, momentum's beta), by keyword too.
# EXPECT: True True True True

import "optim.fx"

def main():
    p = ([1.0, -2.0], 0.5)
    g = ([0.3, 0.1], -0.2)
    a1, _ = adam(p, g, adam_init(p))
    a2, _ = adam(p, g, adam_init(p), 0.001, 0.9, 0.999, 1e-8)
    b1, _ = adagrad(p, g, adagrad_init(p))
    b2, _ = adagrad(p, g, adagrad_init(p), 0.01, 1e-10)
    c1, _ = momentum(p, g, momentum_init(p), 0.1)
    c2, _ = momentum(p, g, momentum_init(p), 0.1, 0.9)
    d1, _ = adam(p, g, adam_init(p), lr=0.01)
    d2, _ = adam(p, g, adam_init(p), 0.01, 0.9, 0.999, 1e-8)
    same = lambda x, y: all_equal(x[0], y[0]) and x[1] == y[1]
    print(same(a1, a2), same(b1, b2), same(c1, c2), same(d1, d2))

def all_equal(u, v):
    return sum(abs(u - v)) == 0.0
