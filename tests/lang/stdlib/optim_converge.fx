# Pins: each stdlib optimiser, fed by `grad` of a loss over a struct of parameters, drives a
# least-squares fit to its minimum (w = [1, -2], b = 0.5, exact data).
# EXPECT: sgd True
# EXPECT: momentum True
# EXPECT: adagrad True
# EXPECT: adam True
import "optim.fx"
import "losses.fx"

struct Linear:
    w: Tensor[f64, 1]
    b: f64

def predict(p, x):
    return x @ p.w + p.b

def fit_loss(p, x, y):
    return mse(predict(p, x), y)

def error(p):
    return max(abs(p.w - [1.0, -2.0])) + abs(p.b - 0.5)

def main():
    x = [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [2.0, -1.0], [-1.0, 0.5]]
    y = x @ [1.0, -2.0] + 0.5
    start = Linear(w=zeros(2), b=0.0)
    df = grad(fit_loss)

    p = start
    for i in range(500):
        p = sgd(p, df(p, x, y), 0.2)
    print("sgd", error(p) < 1e-6)

    p = start
    v = momentum_init(p)
    for i in range(300):
        p, v = momentum(p, df(p, x, y), v, 0.1, 0.9)
    print("momentum", error(p) < 1e-5)

    p = start
    c = adagrad_init(p)
    for i in range(2000):
        p, c = adagrad(p, df(p, x, y), c, 0.5, 1e-10)
    print("adagrad", error(p) < 1e-4)

    p = start
    s = adam_init(p)
    for i in range(2000):
        p, s = adam(p, df(p, x, y), s, 0.05, 0.9, 0.999, 1e-8)
    print("adam", error(p) < 1e-3)
