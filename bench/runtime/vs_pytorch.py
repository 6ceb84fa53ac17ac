#!/usr/bin/python3
"""The examples in Fluxion beside their PyTorch twins, in one run: time per training step, page
faults per step and the loss curves from the same initial weights.

Usage: bench/runtime/vs_pytorch.py [FLUXION] [--repeat N] [--curve-steps K] [--only NAME...]
                                   [--curves]

Run with /usr/bin/python3 (Debian's python3-torch, `make bench-deps`) from the repository root
after `make build`. Both sides run on one thread (Fluxion's default; torch.set_num_threads(1)).
For every case (model, dtype, batch):

- the initial weights are Fluxion's: `fluxion eval EXAMPLE 'save(NPZ, init_...(key(1), to_f64))'`,
  rounded to f32 on both sides for f32;
- loss curve: the example run with PRINT_EVERY 1 for K steps (the CNN without dropout, whose
  masks come from different generators) against the twin's first K losses: the largest relative
  difference is printed (f64 should agree to ~1e-12, f32 to ~1e-6 at first; both drift slowly as
  rounding differences grow through training);
- time: the example is run for S1 and S2 steps (best of N each), and (T(S2) - T(S1)) / (S2 - S1)
  is its time per step — loading data and compiling divide out; CPU time (user + system, of the
  child) is printed beside wall time because the machine may be shared. Page faults per step
  come from the same two runs (minor faults of the child): after the first S1 steps, a step
  that reuses its memory faults no pages. The twin is timed in this process over S2 - S1 steps
  after S1 steps of warm-up, with its page faults counted likewise.

Nothing is asserted; the table is the result (bench/README.md).
"""

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_data import char_codes  # noqa: E402
from torch_twins import CharTwin, CnnTwin  # noqa: E402

FASHION = "/usr/share/datasets/fashion-mnist"
IMAGES = f"{FASHION}/train-images-idx3-ubyte.gz"
LABELS = f"{FASHION}/train-labels-idx1-ubyte.gz"
TEXT = "/usr/share/common-licenses/GPL-3"
HIDDEN = 100
DTYPES = {"f64": torch.float64, "f32": torch.float32}


class Case:
    """One example at one dtype and batch, with the step counts of its two timed runs."""

    def __init__(self, model, dtype, batch, s1, s2):
        self.model, self.dtype, self.batch, self.s1, self.s2 = model, dtype, batch, s1, s2

    @property
    def name(self):
        return f"{self.model}-{self.dtype}" + (f"-b{self.batch}" if self.model == "cnn" else "")

    def example(self):
        return {"cnn": "examples/cnn_mnist.fx", "rnn": "examples/min_char_rnn.fx",
                "lstm": "examples/lstm.fx"}[self.model]

    def init_expr(self, path):
        if self.model == "cnn":
            return f'save("{path}", init_net(key(1), to_f64))'
        vocab = char_codes(TEXT)[1]
        init = "init_rnn" if self.model == "rnn" else "init_lstm"
        return f'save("{path}", {init}(key(1), {vocab}, {HIDDEN}, to_f64))'

    def args(self, steps, print_every, dropout):
        if self.model == "cnn":
            return [IMAGES, LABELS, str(steps), str(self.batch), str(print_every), "1", self.dtype, str(dropout)]
        return [TEXT, str(steps), str(print_every), self.dtype]

    def twin(self, weights, dropout):
        dtype = DTYPES[self.dtype]
        if self.model == "cnn":
            return CnnTwin(weights, dtype, IMAGES, LABELS, self.batch, dropout)
        return CharTwin(weights, dtype, TEXT, self.model)


CASES = [Case("cnn", "f64", 100, 5, 25), Case("cnn", "f32", 100, 5, 25),
         Case("cnn", "f64", 1, 50, 550), Case("cnn", "f32", 1, 50, 550),
         Case("rnn", "f64", 0, 20, 220), Case("rnn", "f32", 0, 20, 220),
         Case("lstm", "f64", 0, 20, 220), Case("lstm", "f32", 0, 20, 220)]


def timed_child(cmd):
    """(stdout, wall seconds, CPU seconds, minor page faults) of one run of cmd (CPU time and
    faults of the child alone, from wait4)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err.decode()}")
    return out.decode(), wall, usage.ru_utime + usage.ru_stime, usage.ru_minflt


def losses(stdout):
    return [float(line.split()[3]) for line in stdout.splitlines() if line.startswith("step ")]


def initial_weights(fluxion, case, tmp):
    path = os.path.join(tmp, f"{case.model}.npz")
    timed_child([fluxion, "eval", case.example(), case.init_expr(path)])
    with np.load(path) as npz:
        return [npz[f"arr_{i}"] for i in range(len(npz.files))]


def fluxion_per_step(fluxion, case, repeat):
    """(wall s, CPU s, faults) per step: best of `repeat` runs at s1 and s2 steps, differenced."""
    def best(steps):
        runs = [timed_child([fluxion, "run", case.example(), "--", *case.args(steps, steps, 0.5)])[1:]
                for _ in range(repeat)]
        return [min(r[i] for r in runs) for i in range(3)]
    low, high = best(case.s1), best(case.s2)
    return [(h - l) / (case.s2 - case.s1) for l, h in zip(low, high)]


def torch_per_step(case, weights, repeat):
    results = []
    for _ in range(repeat):
        twin = case.twin(weights, 0.5)
        for _ in range(case.s1):
            twin.step()
        faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(case.s2 - case.s1):
            twin.step()
        n = case.s2 - case.s1
        results.append(((time.perf_counter() - wall) / n, (time.process_time() - cpu) / n,
                        (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / n))
    return [min(r[i] for r in results) for i in range(3)]


def curves(fluxion, case, weights, steps):
    out = timed_child([fluxion, "run", case.example(), "--", *case.args(steps, 1, 0.0)])[0]
    twin = case.twin(weights, 0.0)
    return losses(out), [twin.step() for _ in range(steps)]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("fluxion", nargs="?", default="build/fluxion")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--curve-steps", type=int, default=10)
    parser.add_argument("--only", nargs="*", help="case names (cnn-f64-b100, rnn-f32, ...)")
    parser.add_argument("--curves", action="store_true", help="print both loss curves of every case")
    a = parser.parse_args(argv[1:])
    torch.set_num_threads(1)
    cases = [c for c in CASES if not a.only or c.name in a.only]
    print(f"{'case':16} {'fluxion ms/step':>17} {'pytorch ms/step':>17} {'ratio':>6} "
          f"{'faults/step':>14} {'loss curve: max rel diff':>26}")
    print(f"{'':16} {'wall':>8} {'cpu':>8} {'wall':>8} {'cpu':>8} {'cpu':>6} {'flx':>6} {'torch':>7} "
          f"{'step 1':>12} {'first ' + str(a.curve_steps):>13}")
    with tempfile.TemporaryDirectory() as tmp:
        for case in cases:
            weights = initial_weights(a.fluxion, case, tmp)
            ours, theirs = curves(a.fluxion, case, weights, a.curve_steps)
            rel = [abs(x - y) / abs(y) for x, y in zip(ours, theirs)]
            fw, fc, ff = fluxion_per_step(a.fluxion, case, a.repeat)
            tw, tc, tf = torch_per_step(case, weights, a.repeat)
            print(f"{case.name:16} {fw * 1e3:8.2f} {fc * 1e3:8.2f} {tw * 1e3:8.2f} {tc * 1e3:8.2f} "
                  f"{fc / tc:6.2f} {ff:6.1f} {tf:7.1f} {rel[0]:12.2e} {max(rel):13.2e}", flush=True)
            if a.curves:
                for n, (x, y) in enumerate(zip(ours, theirs), 1):
                    print(f"    step {n:3}  fluxion {x!r:24} pytorch {y!r}")


if __name__ == "__main__":
    main(sys.argv)
