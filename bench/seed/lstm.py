#!/usr/bin/python3
"""PyTorch version of the seed model LSTM (BENCHMARKS.md §D): nn.LSTM and nn.Linear with the
data order, gradient clipping and Adagrad of bench/seed/lstm.fx (bench/runtime/torch_twins.py's
CharTwin, shared with bench/runtime/vs_pytorch.py), in float64 on one thread, starting from the
initial weights the Fluxion run saved (INIT, arr_0..arr_4 = wx wh b why by). Saves the loss of
every step (OUT/losses.npy) and prints `timing steps SECONDS` for the training loop.
    lstm.py TEXT HIDDEN INIT OUT STEPS
HIDDEN is read from the weights' shapes; it is taken only so that both sides share one
command line."""
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime"))
from torch_twins import CharTwin  # noqa: E402

torch.set_num_threads(1)


def main():
    text, init, out, steps = sys.argv[1], sys.argv[3], sys.argv[4], int(sys.argv[5])   # argv[2]: HIDDEN
    with np.load(init) as z:
        weights = [z["arr_%d" % i] for i in range(5)]
    twin = CharTwin(weights, torch.float64, text, "lstm")
    losses = np.zeros(steps)
    start = time.perf_counter()
    for n in range(steps):
        losses[n] = twin.step()
    print("timing steps", repr(time.perf_counter() - start))
    np.save(os.path.join(out, "losses.npy"), losses)


if __name__ == "__main__":
    main()
