# The seed model min-char-rnn (BENCHMARKS.md §D; examples/min_char_rnn.fx) trained for STEPS
# steps: saves its initial weights (OUT/init.npz, for the PyTorch version to start from) and the
# loss of every step (OUT/losses.npy), and prints `timing steps SECONDS` for the training loop.
#   fluxion run bench/seed/min_char_rnn.fx TEXT OUT STEPS
import "optim.fx"
import "../lib/timing.fx"
import "../../examples/char_data.fx"
import "../../examples/char_rnn.fx"

HIDDEN = 100
SEQ_LENGTH = 25
LEARNING_RATE = 0.1

def train_losses(params, codes, steps):
    cache = adagrad_init(params)
    hprev = zeros(HIDDEN)
    losses = zeros(steps)
    pos = 0
    for n in range(steps):
        pos = rnn_chunk_start(n, pos, SEQ_LENGTH, len(codes))
        if pos == 0:
            hprev = zeros(HIDDEN)
        params, cache, loss, hprev = rnn_train_step(params, cache, codes, pos, SEQ_LENGTH, hprev, LEARNING_RATE)
        losses[n] = loss
    return losses

def main():
    codes, vocab = load_text(arg(0, "/usr/share/common-licenses/GPL-3"))
    out = arg(1, ".")
    params = init_rnn(key(1), vocab, HIDDEN)
    save(out + "/init.npz", params)
    losses = time_runs("steps", lambda: train_losses(params, codes, arg(2, 100)), 1, 0.0)
    save(out + "/losses.npy", losses)
