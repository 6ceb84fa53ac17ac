#!/usr/bin/python3
"""PyTorch version of the seed model min-char-rnn (BENCHMARKS.md §D): the same vanilla RNN,
data order, gradient clipping and Adagrad as bench/seed/min_char_rnn.fx, in float64 on one
thread, starting from the initial weights the Fluxion run saved (INIT, an .npz with fields
wxh whh why bh by). Saves the loss of every step (OUT/losses.npy) and prints `timing steps
SECONDS` for the training loop.
    min_char_rnn.py TEXT INIT OUT STEPS"""
import sys
import time

import numpy as np
import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)

HIDDEN, SEQ_LENGTH, LEARNING_RATE = 100, 25, 0.1


def load_codes(path):
    """The text's bytes numbered in increasing order of their value (examples/char_data.fx)."""
    data = np.fromfile(path, dtype=np.uint8)
    index = np.full(256, -1)
    present = np.unique(data)
    index[present] = np.arange(len(present))
    return torch.tensor(index[data])


def loss_of(p, inputs, targets, h):
    loss = torch.zeros(())
    for t in range(len(inputs)):
        h = torch.tanh(p["wxh"][:, inputs[t]] + p["whh"] @ h + p["bh"])
        y = p["why"] @ h + p["by"]
        loss = loss - torch.log_softmax(y, 0)[targets[t]]
    return loss, h


def train(codes, params, steps):
    cache = {k: torch.zeros_like(v) for k, v in params.items()}
    hprev = torch.zeros(HIDDEN)
    losses = np.zeros(steps)
    pos = 0
    for n in range(steps):
        pos = 0 if n == 0 or pos + 2 * SEQ_LENGTH + 1 >= len(codes) else pos + SEQ_LENGTH
        if pos == 0:
            hprev = torch.zeros(HIDDEN)
        loss, h = loss_of(params, codes[pos:pos + SEQ_LENGTH], codes[pos + 1:pos + SEQ_LENGTH + 1], hprev)
        for v in params.values():
            v.grad = None
        loss.backward()
        with torch.no_grad():
            for k, v in params.items():   # clip to [-5, 5], then Adagrad as the standard library's
                g = v.grad.clamp(-5.0, 5.0)
                cache[k] += g * g
                v -= LEARNING_RATE * g / (torch.sqrt(cache[k]) + 1e-8)
        hprev = h.detach()
        losses[n] = loss.item()
    return losses


def main():
    text, init, out, steps = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    codes = load_codes(text)
    with np.load(init) as z:
        params = {k: torch.tensor(z[k]).requires_grad_() for k in ("wxh", "whh", "why", "bh", "by")}
    start = time.perf_counter()
    losses = train(codes, params, steps)
    print("timing steps", repr(time.perf_counter() - start))
    np.save(out + "/losses.npy", losses)


if __name__ == "__main__":
    main()
