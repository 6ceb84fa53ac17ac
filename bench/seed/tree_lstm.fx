# The seed model TreeLSTM (BENCHMARKS.md §D; the model of examples/tree_lstm.fx: hidden 150,
# embedding 300, 5 classes, a loss at every node, Adagrad lr 0.05, one tree per step) trained on
# the first STEPS trees of TREES in file order, in float64 (STEPS above the file's count goes
# round again). Saves the initial weights (OUT/init.npz, the tuple (w_leaf, b_leaf, u_node,
# b_node, w_out, b_out) as arr_0..arr_5), the fixed word embedding (OUT/embedding.npy) and the
# loss of every step (OUT/losses.npy, summed over the tree's nodes), and prints `timing steps
# SECONDS` for the training loop alone (reading the file is outside it).
#   fluxion run bench/seed/tree_lstm.fx TREES OUT STEPS
import "optim.fx"
import "init.fx"
import "../lib/timing.fx"
import "../../examples/tree_lstm.fx"

def train_losses(params, embedding, nums, starts, steps):
    cache = adagrad_init(params)
    losses = zeros(steps)
    for n in range(steps):
        t = file_tree(nums, starts[n % len(starts)])
        loss, grads = value_and_grad(tree_loss)(params, embedding, t)
        params, cache = adagrad(params, grads, cache, LEARNING_RATE, 1e-10)
        losses[n] = loss
    return losses

def main():
    steps = arg(2, 100)
    nums = file_numbers(arg(0, DEFAULT_TREES))
    starts = tree_starts(nums)
    starts = starts[0:min(steps, len(starts))]
    out = arg(1, ".")
    # examples/tree_lstm.fx's initialisation (train_on): the same keys.
    params = init_tree_lstm(key(7), to_f64)
    embedding = normal_std(key(8), (VOCAB, EMBED), 0.1)
    save(out + "/init.npz", params)
    save(out + "/embedding.npy", embedding)
    losses = time_runs("steps", lambda: train_losses(params, embedding, nums, starts, steps), 1, 0.0)
    save(out + "/losses.npy", losses)
