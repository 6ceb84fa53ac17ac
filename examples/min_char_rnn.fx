# Karpathy's min-char-rnn (https://gist.github.com/karpathy/d4dee566867f8291f086) in Fluxion:
# a vanilla RNN language model over the characters of a text file, hidden size 100, trained on
# consecutive chunks of 25 characters with Adagrad (lr 0.1) and gradients clipped to [-5, 5].
#
#   build/fluxion run examples/min_char_rnn.fx                     # 5000 steps on GPL-3
#   build/fluxion run examples/min_char_rnn.fx /path/to/text 200 20  # PATH STEPS PRINT_EVERY
#
# The command-line arguments are those of `train(path, steps, print_every)`. Prints
# `vocab V uniform-guess loss U` (U = 25 ln V, the loss of a model that learnt nothing), then
# `step N loss AVG smooth SMOOTH`: the mean loss of the last print_every chunks and
# Karpathy's smoothed loss (both summed over the 25 characters of a chunk).
import "optim.fx"
import "char_data.fx"
import "char_rnn.fx"

DEFAULT_TEXT = "/usr/share/common-licenses/GPL-3"
HIDDEN = 100
SEQ_LENGTH = 25
LEARNING_RATE = 0.1

def train(path, steps, print_every):
    codes, vocab = load_text(path)
    params = init_rnn(key(1), vocab, HIDDEN)
    cache = adagrad_init(params)
    hprev = zeros(HIDDEN)
    smooth_loss = -log(1.0 / float(vocab)) * float(SEQ_LENGTH)
    # What a model that learnt nothing scores: every character equally likely.
    print("vocab", vocab, "uniform-guess loss", smooth_loss)
    window = 0.0
    pos = 0
    for n in range(steps):
        pos = rnn_chunk_start(n, pos, SEQ_LENGTH, len(codes))
        if pos == 0:
            hprev = zeros(HIDDEN)     # back to the start of the text
        params, cache, loss, hprev = rnn_train_step(params, cache, codes, pos, SEQ_LENGTH, hprev, LEARNING_RATE)
        smooth_loss = smooth_loss * 0.999 + loss * 0.001
        window += loss
        if (n + 1) % print_every == 0:
            print("step", n + 1, "loss", window / float(print_every), "smooth", smooth_loss)
            window = 0.0
    return smooth_loss

def main():
    train(arg(0, DEFAULT_TEXT), arg(1, 5000), arg(2, 100))
