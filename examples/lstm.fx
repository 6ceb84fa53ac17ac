# A character-level LSTM language model: min_char_rnn.fx with an LSTM cell (hidden 100,
# chunks of 25 characters, Adagrad lr 0.1, gradients clipped to [-5, 5]), on a text file.
#
#   build/fluxion run examples/lstm.fx                       # 5000 steps on GPL-3
#   build/fluxion run examples/lstm.fx /path/to/text 200 20  # PATH STEPS PRINT_EVERY
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

# The four gates are stacked in one matrix, in PyTorch's order: input, forget, cell, output.
struct CharLSTM:
    wx: Tensor[f64, 2]      # (4 * hidden, vocab)
    wh: Tensor[f64, 2]      # (4 * hidden, hidden)
    b: Tensor[f64, 1]       # (4 * hidden,)
    why: Tensor[f64, 2]     # (vocab, hidden)
    by: Tensor[f64, 1]

# PyTorch's defaults: nn.LSTM draws everything from U(-1/sqrt(hidden), 1/sqrt(hidden)),
# nn.Linear from U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
def init_lstm(k, vocab, hidden):
    k1, rest = split(k)
    k2, rest = split(rest)
    k3, rest = split(rest)
    k4, k5 = split(rest)
    return CharLSTM(wx=fan_in_uniform(k1, (4 * hidden, vocab), hidden),
                    wh=fan_in_uniform(k2, (4 * hidden, hidden), hidden),
                    b=fan_in_uniform(k3, 4 * hidden, hidden),
                    why=fan_in_uniform(k4, (vocab, hidden), hidden),
                    by=fan_in_uniform(k5, vocab, hidden))

# One step of the cell on character code x: (h, c) -> (h, c).
def lstm_cell(p, x, h, c):
    n = len(h)
    gates = p.wx[:, x] + p.wh @ h + p.b
    i = sigmoid(gates[0:n])
    f = sigmoid(gates[n:2 * n])
    g = tanh(gates[2 * n:3 * n])
    o = sigmoid(gates[3 * n:4 * n])
    c = f * c + i * g
    return o * tanh(c), c

# Summed negative log-likelihood of the chunk, and the state (h, c) it ends in.
def lstm_loss(p, inputs, targets, state):
    h, c = state
    loss = 0.0
    for t in range(len(inputs)):
        h, c = lstm_cell(p, inputs[t], h, c)
        y = p.why @ h + p.by
        loss = loss - log_softmax(y, axis=0)[targets[t]]
    return loss, (h, c)

def train(path, steps, print_every):
    codes, vocab = load_text(path)
    params = init_lstm(key(1), vocab, HIDDEN)
    cache = adagrad_init(params)
    state = (zeros(HIDDEN), zeros(HIDDEN))
    smooth_loss = -log(1.0 / float(vocab)) * float(SEQ_LENGTH)
    # What a model that learnt nothing scores: every character equally likely.
    print("vocab", vocab, "uniform-guess loss", smooth_loss)
    window = 0.0
    pos = 0
    for n in range(steps):
        if pos + SEQ_LENGTH + 1 >= len(codes) or n == 0:
            state = (zeros(HIDDEN), zeros(HIDDEN))
            pos = 0
        inputs = codes[pos:pos + SEQ_LENGTH]
        targets = codes[pos + 1:pos + SEQ_LENGTH + 1]
        out, pullback = vjp(lambda q: lstm_loss(q, inputs, targets, state), params)
        loss, last = out
        h, c = last
        grads = clip_grads(pullback((1.0, (0.0 * h, 0.0 * c)))[0], 5.0)
        state = last
        smooth_loss = smooth_loss * 0.999 + loss * 0.001
        window += loss
        if (n + 1) % print_every == 0:
            print("step", n + 1, "loss", window / float(print_every), "smooth", smooth_loss)
            window = 0.0
        params, cache = adagrad(params, grads, cache, LEARNING_RATE, 1e-8)
        pos += SEQ_LENGTH
    return smooth_loss

def main():
    train(arg(0, DEFAULT_TEXT), arg(1, 5000), arg(2, 100))
