# Karpathy's min-char-rnn (https://gist.github.com/karpathy/d4dee566867f8291f086) in Fluxion:
# a vanilla RNN language model over the characters of a text file, hidden size 100, trained on
# consecutive chunks of 25 characters with Adagrad (lr 0.1) and gradients clipped to [-5, 5].
#
#   build/fluxion run examples/min_char_rnn.fx                     # 5000 steps on GPL-3
#   build/fluxion run examples/min_char_rnn.fx /path/to/text 200 20  # PATH STEPS PRINT_EVERY
#   build/fluxion run examples/min_char_rnn.fx /path/to/text 200 20 f32   # ... DTYPE
#
# The command-line arguments are those of `train(path, steps, print_every, cast)`, the
# precision (f64, the default, or f32) chosen by `cast` (to_f64 or to_f32, init.fx). Prints
# `vocab V uniform-guess loss U` (U = 25 ln V, the loss of a model that learnt nothing), then
# `step N loss AVG smooth SMOOTH`: the mean loss of the last print_every chunks and
# Karpathy's smoothed loss (both summed over the 25 characters of a chunk).
import "optim.fx"
import "init.fx"
import "char_data.fx"

DEFAULT_TEXT = "/usr/share/common-licenses/GPL-3"
HIDDEN = 100
SEQ_LENGTH = 25
LEARNING_RATE = 0.1

# The parameters (wxh, whh, why, bh, by): input to hidden (hidden, vocab), hidden to hidden
# (hidden, hidden), hidden to output (vocab, hidden) and the biases. A tuple rather than a
# struct, whose fields would fix one dtype; `cast` rounds them to the model's precision.
def init_rnn(k, vocab, hidden, cast):
    k1, rest = split(k)
    k2, k3 = split(rest)
    return cast((normal_std(k1, (hidden, vocab), 0.01), normal_std(k2, (hidden, hidden), 0.01),
                 normal_std(k3, (vocab, hidden), 0.01), zeros(hidden), zeros(vocab)))

# Summed negative log-likelihood of `targets` given `inputs` (character codes), starting from
# hidden state h; also returns the last hidden state, carried into the next chunk.
# `wxh[:, c]` is the product of wxh with the one-hot vector of c. The loss has h's precision.
def rnn_loss(p, inputs, targets, h):
    wxh, whh, why, bh, by = p
    loss = 0.0 * h[0]
    for t in range(len(inputs)):
        h = tanh(wxh[:, inputs[t]] + whh @ h + bh)
        y = why @ h + by
        loss = loss - log_softmax(y, axis=0)[targets[t]]
    return loss, h

def train(path, steps, print_every, cast):
    codes, vocab = load_text(path)
    params = init_rnn(key(1), vocab, HIDDEN, cast)
    cache = adagrad_init(params)
    hprev = cast(zeros(HIDDEN))
    smooth_loss = -log(1.0 / float(vocab)) * float(SEQ_LENGTH)
    # What a model that learnt nothing scores: every character equally likely.
    print("vocab", vocab, "uniform-guess loss", smooth_loss)
    window = 0.0
    pos = 0
    for n in range(steps):
        if pos + SEQ_LENGTH + 1 >= len(codes) or n == 0:
            hprev = cast(zeros(HIDDEN))   # back to the start of the text
            pos = 0
        inputs = codes[pos:pos + SEQ_LENGTH]
        targets = codes[pos + 1:pos + SEQ_LENGTH + 1]
        # One forward pass gives the loss and the last hidden state; the pullback of
        # (1, 0) gives the gradient of the loss alone.
        out, pullback = vjp(lambda q: rnn_loss(q, inputs, targets, hprev), params)
        loss, h = out
        grads = clip_grads(pullback((cast(1.0), 0.0 * h))[0], 5.0)
        hprev = h
        smooth_loss = smooth_loss * 0.999 + float(loss) * 0.001
        window += float(loss)
        if (n + 1) % print_every == 0:
            print("step", n + 1, "loss", window / float(print_every), "smooth", smooth_loss)
            window = 0.0
        params, cache = adagrad(params, grads, cache, LEARNING_RATE, 1e-8)
        pos += SEQ_LENGTH
    return smooth_loss

def main():
    dtype = arg(3, "f64")
    if dtype == "f32":
        train(arg(0, DEFAULT_TEXT), arg(1, 5000), arg(2, 100), to_f32)
    else:
        assert dtype == "f64", "DTYPE must be f64 or f32"
        train(arg(0, DEFAULT_TEXT), arg(1, 5000), arg(2, 100), to_f64)
