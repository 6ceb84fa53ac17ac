# The model of min_char_rnn.fx, shared with bench/seed/ (which compares its training with
# PyTorch's): Karpathy's vanilla RNN over character codes, one training step of it, and where
# each chunk of the text starts. Not an example itself (no main).
import "optim.fx"
import "init.fx"

struct CharRNN:
    wxh: Tensor[f64, 2]     # (hidden, vocab): input to hidden
    whh: Tensor[f64, 2]     # (hidden, hidden)
    why: Tensor[f64, 2]     # (vocab, hidden): hidden to output
    bh: Tensor[f64, 1]
    by: Tensor[f64, 1]

def init_rnn(k, vocab, hidden):
    k1, rest = split(k)
    k2, k3 = split(rest)
    return CharRNN(wxh=normal_std(k1, (hidden, vocab), 0.01),
                   whh=normal_std(k2, (hidden, hidden), 0.01),
                   why=normal_std(k3, (vocab, hidden), 0.01),
                   bh=zeros(hidden), by=zeros(vocab))

# Summed negative log-likelihood of `targets` given `inputs` (character codes), starting from
# hidden state h; also returns the last hidden state, carried into the next chunk.
# `p.wxh[:, c]` is the product of wxh with the one-hot vector of c.
def rnn_loss(p, inputs, targets, h):
    loss = 0.0
    for t in range(len(inputs)):
        h = tanh(p.wxh[:, inputs[t]] + p.whh @ h + p.bh)
        y = p.why @ h + p.by
        loss = loss - log_softmax(y, axis=0)[targets[t]]
    return loss, h

# Where step n's chunk of `seq_length` characters starts, given where the previous one did:
# consecutive chunks, back to the start (and to a zero hidden state) at the end of the text.
def rnn_chunk_start(n, pos, seq_length, text_length):
    if n == 0 or pos + 2 * seq_length + 1 >= text_length:
        return 0
    return pos + seq_length

# One step: the loss of the chunk at `pos` and the next hidden state, then Adagrad (lr, eps
# 1e-8) on the gradient clipped to [-5, 5]. Returns (params, cache, loss, h).
def rnn_train_step(params, cache, codes, pos, seq_length, hprev, lr):
    inputs = codes[pos:pos + seq_length]
    targets = codes[pos + 1:pos + seq_length + 1]
    # One forward pass gives the loss and the last hidden state; the pullback of (1, 0) gives
    # the gradient of the loss alone.
    out, pullback = vjp(lambda q: rnn_loss(q, inputs, targets, hprev), params)
    loss, h = out
    grads = clip_grads(pullback((1.0, 0.0 * h))[0], 5.0)
    params, cache = adagrad(params, grads, cache, lr, 1e-8)
    return params, cache, loss, h
