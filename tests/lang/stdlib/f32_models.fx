# Pins: a model written in f32 stays in f32 through the standard library: to_f32 / to_f64 cast
# every float leaf of a tree, the losses return f32 for f32 inputs (nll_loss picks with a mask,
# not a product with the f64 one-hot), and the optimisers' updates keep f32 parameters f32
# (their hyperparameters are weak f64 scalars). The annotations are checked at compile time.
# Values against the f64 computation (to f32's precision).
# EXPECT: ([1.5, 0.25], 0.1) ([1.5, 0.25], 0.10000000149011612)
# EXPECT: True True True
# EXPECT: True True
import "init.fx"
import "losses.fx"
import "optim.fx"

def close32(a, b):
    return abs(float(a) - b) < 1e-6 * (1.0 + abs(b))

def main():
    t = to_f32(([1.5, 0.25], 0.1))
    print(t, to_f64(t))
    logits = to_f32([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0], [0.5, -1.0, 2.0]])
    labels = [2, 0, 1]
    ce: f32 = cross_entropy(logits, labels)
    squared: f32 = mse(logits, 0.0)
    nll: f32 = nll_loss(log_softmax(logits[0], axis=0), 2)
    print(close32(ce, 1.5825098499232155), close32(squared, 22.25 / 9.0), close32(nll, 0.40760596444438013))
    g: Tensor[f32, 2] = grad(cross_entropy)(logits, labels)
    v = momentum_init(logits)
    stepped, v = momentum(logits, g, v, 0.01, 0.5)
    p: Tensor[f32, 2] = stepped
    state = adam_init(logits)
    moved, state = adam(logits, g, state)
    q: Tensor[f32, 2] = moved
    expected = to_f64(logits) - 0.01 * (softmax(to_f64(logits), axis=1) - one_hot(labels, 3)) / 3.0
    print(max(abs(to_f64(p) - expected)) < 1e-6, max(abs(to_f64(q) - to_f64(logits))) < 0.0011)
