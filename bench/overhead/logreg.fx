# BENCHMARKS.md §A LogReg: the mean logistic loss (binary cross-entropy with logits) of a linear
# model, 100 features x batch 100, and its gradient with respect to the weights.
#   fluxion run bench/overhead/logreg.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "common.fx"

def logistic_loss(w, x, y):
    z = x @ w
    return mean(softplus(z) - y * z)

# (w, x, y)
def logreg_inputs():
    x = reshape(wave(100 * 100, 0.3, 1.0), (100, 100))
    y = 1.0 * (arange(100) % 2)
    w = wave(100, 1.1, 0.1)
    return (w, x, y)

def main():
    w, x, y = logreg_inputs()
    run_workload(lambda: logistic_loss(w, x, y), lambda: grad(logistic_loss)(w, x, y))
