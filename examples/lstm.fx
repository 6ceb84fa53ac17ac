# A character-level LSTM language model: min_char_rnn.fx with an LSTM cell (hidden 100,
# chunks of 25 characters, Adagrad lr 0.1, gradients clipped to [-5, 5]), on a text file.
#
#   build/fluxion run examples/lstm.fx                       # 5000 steps on GPL-3
#   build/fluxion run examples/lstm.fx /path/to/text 200 20  # PATH STEPS PRINT_EVERY
#   build/fluxion run examples/lstm.fx /path/to/text 200 20 f32   # ... DTYPE (f64 or f32)
#
# Prints `vocab V uniform-guess loss U`, then `step N loss AVG smooth SMOOTH`, as
# min_char_rnn.fx does.
import "optim.fx"
import "init.fx"
import "char_data.fx"

DEFAULT_TEXT = "/usr/share/common-licenses/GPL-3"
HIDDEN = 100
SEQ_LENGTH = 25
LEARNING_RATE = 0.1

# The parameters (wx, wh, b, why, by): the four gates stacked in one matrix, in PyTorch's order
# (input, forget, cell, output): wx (4 * hidden, vocab), wh (4 * hidden, hidden), b (4 * hidden,);
# then the output layer why (vocab, hidden), by (vocab,). A tuple rather than a struct, whose
# fields would fix one dtype; `cast` (to_f64 or to_f32, init.fx) rounds them to the model's
# precision. PyTorch's defaults: nn.LSTM draws everything from U(-1/sqrt(hidden),
# 1/sqrt(hidden)), nn.Linear from U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
def init_lstm(k, vocab, hidden, cast):
    k1, rest = split(k)
    k2, rest = split(rest)
    k3, rest = split(rest)
    k4, k5 = split(rest)
    return cast((fan_in_uniform(k1, (4 * hidden, vocab), hidden), fan_in_uniform(k2, (4 * hidden, hidden), hidden),
                 fan_in_uniform(k3, 4 * hidden, hidden), fan_in_uniform(k4, (vocab, hidden), hidden),
                 fan_in_uniform(k5, vocab, hidden)))

# One step of the cell on character code x: (h, c) -> (h, c).
def lstm_cell(p, x, h, c):
    wx, wh, b, why, by = p
    n = len(h)
    gates = wx[:, x] + wh @ h + b
    i = sigmoid(gates[0:n])
    f = sigmoid(gates[n:2 * n])
    g = tanh(gates[2 * n:3 * n])
    o = sigmoid(gates[3 * n:4 * n])
    c = f * c + i * g
    return o * tanh(c), c

# Summed negative log-likelihood of the chunk, and the state (h, c) it ends in.
def lstm_loss(p, inputs, targets, state):
    wx, wh, b, why, by = p
    h, c = state
    loss = 0.0 * h[0]                 # h's precision
    for t in range(len(inputs)):
        h, c = lstm_cell(p, inputs[t], h, c)
        y = why @ h + by
        loss = loss - log_softmax(y, axis=0)[targets[t]]
    return loss, (h, c)

def train(path, steps, print_every, cast):
    codes, vocab = load_text(path)
    params = init_lstm(key(1), vocab, HIDDEN, cast)
    cache = adagrad_init(params)
    state = cast((zeros(HIDDEN), zeros(HIDDEN)))
    smooth_loss = -log(1.0 / float(vocab)) * float(SEQ_LENGTH)
    # What a model that learnt nothing scores: every character equally likely.
    print("vocab", vocab, "uniform-guess loss", smooth_loss)
    window = 0.0
    pos = 0
    for n in range(steps):
        if pos + SEQ_LENGTH + 1 >= len(codes) or n == 0:
            state = cast((zeros(HIDDEN), zeros(HIDDEN)))
            pos = 0
        inputs = codes[pos:pos + SEQ_LENGTH]
        targets = codes[pos + 1:pos + SEQ_LENGTH + 1]
        out, pullback = vjp(lambda q: lstm_loss(q, inputs, targets, state), params)
        loss, last = out
        h, c = last
        grads = clip_grads(pullback((cast(1.0), (0.0 * h, 0.0 * c)))[0], 5.0)
        state = last
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
