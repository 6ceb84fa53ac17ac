# The seed model LSTM (BENCHMARKS.md §D; the model of examples/lstm.fx: a character LSTM,
# chunks of 25 characters, gradients clipped to [-5, 5], Adagrad lr 0.1) trained for STEPS
# steps in float64: saves its initial weights (OUT/init.npz, the tuple (wx, wh, b, why, by) as
# arr_0..arr_4, for the PyTorch version to start from) and the loss of every step
# (OUT/losses.npy), and prints `timing steps SECONDS` for the training loop alone.
#   fluxion run bench/seed/lstm.fx TEXT HIDDEN OUT STEPS
# HIDDEN is 100 in the benchmark; the test suite's check runs a smaller one.
import "optim.fx"
import "init.fx"
import "../lib/timing.fx"
import "../../examples/char_data.fx"
import "../../examples/lstm.fx"

# examples/lstm.fx's training loop, with the loss of every step kept instead of printed.
def train_losses(params, codes, hidden, steps):
    cache = adagrad_init(params)
    state = (zeros(hidden), zeros(hidden))
    losses = zeros(steps)
    pos = 0
    for n in range(steps):
        if pos + SEQ_LENGTH + 1 >= len(codes) or n == 0:
            state = (zeros(hidden), zeros(hidden))
            pos = 0
        inputs = codes[pos:pos + SEQ_LENGTH]
        targets = codes[pos + 1:pos + SEQ_LENGTH + 1]
        out, pullback = vjp(lambda q: lstm_loss(q, inputs, targets, state), params)
        loss, last = out
        h, c = last
        grads = clip_grads(pullback((1.0, (0.0 * h, 0.0 * c)))[0], 5.0)
        state = last
        params, cache = adagrad(params, grads, cache, LEARNING_RATE, 1e-8)
        losses[n] = loss
        pos += SEQ_LENGTH
    return losses

def main():
    codes, vocab = load_text(arg(0, DEFAULT_TEXT))
    hidden = arg(1, HIDDEN)
    out = arg(2, ".")
    params = init_lstm(key(1), vocab, hidden, to_f64)
    save(out + "/init.npz", params)
    losses = time_runs("steps", lambda: train_losses(params, codes, hidden, arg(3, 100)), 1, 0.0)
    save(out + "/losses.npy", losses)
