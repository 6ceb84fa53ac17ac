# A logistic-regression model, trained from C++ (logistic.cpp). The import checks that an
# installed Fluxion finds its standard library (PREFIX/share/fluxion/stdlib).
import "optim.fx"

def loss(w, x, y):
    p = 1.0 / (1.0 + exp(-(x @ w)))
    return -mean(y * log(p) + (1.0 - y) * log(1.0 - p))

def sigmoid(z):
    return 1.0 / (1.0 + exp(-z))
