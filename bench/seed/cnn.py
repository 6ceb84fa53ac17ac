#!/usr/bin/python3
"""PyTorch version of the seed model CNN (BENCHMARKS.md §D; bench/seed/cnn.fx): nn.Conv2d,
max-pooling, nn.Linear, dropout, log_softmax and NLL with SGD momentum 0.5 at lr 0.01
(bench/runtime/torch_twins.py's CnnTwin, shared with bench/runtime/vs_pytorch.py), batches in
file order, float64 on one thread, starting from the initial weights the Fluxion run saved
(INIT, arr_0..arr_7). Saves the loss of every step (OUT/losses.npy) and prints `timing steps
SECONDS` for the training loop (the files are read before it).
    cnn.py IMAGES LABELS BATCH DROPOUT INIT OUT STEPS"""
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime"))
from torch_twins import CnnTwin  # noqa: E402

torch.set_num_threads(1)


def main():
    images, labels, batch, dropout, init, out, steps = sys.argv[1:8]
    with np.load(init) as z:
        weights = [z["arr_%d" % i] for i in range(8)]
    twin = CnnTwin(weights, torch.float64, images, labels, int(batch), float(dropout))
    losses = np.zeros(int(steps))
    start = time.perf_counter()
    for n in range(len(losses)):
        losses[n] = twin.step()
    print("timing steps", repr(time.perf_counter() - start))
    np.save(os.path.join(out, "losses.npy"), losses)


if __name__ == "__main__":
    main()
