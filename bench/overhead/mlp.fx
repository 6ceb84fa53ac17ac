# BENCHMARKS.md §A MLP: a 784-32-10 perceptron (relu, softmax cross-entropy, mean over the
# batch) on a batch of BATCH images (1 or 100), and its gradient with respect to all weights
# (timed as an Mlp of gradients, saved flattened [w1 | b1 | w2 | b2]).
#   fluxion run bench/overhead/mlp.fx OUT [MIN_RUNS [MIN_SECONDS [BATCH]]]
import "common.fx"

struct Mlp:
    w1: Tensor[f64, 2]   # (32, 784)
    b1: Tensor[f64, 1]
    w2: Tensor[f64, 2]   # (10, 32)
    b2: Tensor[f64, 1]

def mlp_loss(p, x, labels):
    h = relu(x @ transpose(p.w1) + p.b1)
    logits = h @ transpose(p.w2) + p.b2
    return -mean(sum(log_softmax(logits) * labels, axis=1))

# [w1 | b1 | w2 | b2], as the peers write the gradient
def flat(g):
    return concat((reshape(g.w1, -1), g.b1, reshape(g.w2, -1), g.b2))

# (parameters, images, one-hot labels) for a batch of BATCH (argument 3)
def mlp_inputs():
    batch = arg(3, 1)
    p = Mlp(w1=reshape(wave(32 * 784, 0.1, 0.05), (32, 784)), b1=wave(32, 0.2, 0.1),
            w2=reshape(wave(10 * 32, 0.3, 0.2), (10, 32)), b2=wave(10, 0.4, 0.1))
    x = reshape(wave(batch * 784, 0.5, 1.0), (batch, 784))
    labels = one_hot(arange(batch) % 10, 10)
    return (p, x, labels)

def main():
    p, x, labels = mlp_inputs()
    run_workload_as_vector(lambda: mlp_loss(p, x, labels), lambda: grad(mlp_loss)(p, x, labels), flat)
