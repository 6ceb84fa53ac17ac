"""What every PyTorch peer shares with the Fluxion programs (bench/lib/timing.fx): the command
line `OUT [MIN_RUNS [MIN_SECONDS]]` after the peer's own arguments, one `timing LABEL SECONDS`
line per run, the results saved to OUT as .npy; one thread, float64."""
import math
import sys
import time

import numpy as np
import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)


def parse_runs(args):
    out = args[0] if args else "."
    min_runs = int(args[1]) if len(args) > 1 else 1
    min_seconds = float(args[2]) if len(args) > 2 else 0.0
    return out, min_runs, min_seconds


# The Fluxion programs and the C++ peers time objective and gradient in alternation (time_pair in
# bench/lib/timing.fx). The PyTorch peers time all objective runs, under one torch.no_grad(), and
# then all gradient runs: entering no_grad at every run would add its own cost to each primal run.
def time_runs(label, f, min_runs, min_seconds):
    runs, total, out = 0, 0.0, None
    while runs < min_runs or total < min_seconds:
        start = time.perf_counter()
        out = f()
        elapsed = time.perf_counter() - start
        print("timing", label, repr(elapsed))
        runs += 1
        total += elapsed
    sys.stdout.flush()
    return out


def save(out, name, value):
    np.save("%s/%s.npy" % (out, name), np.atleast_1d(np.asarray(value, dtype=np.float64)))


def wave(n, phase, scale):
    """bench/overhead/common.fx's inputs: scale * sin(0.37 i + phase)."""
    return torch.tensor([scale * math.sin(0.37 * i + phase) for i in range(n)])


def gradients_of(f, *params):
    """The gradients of f() with respect to params, by backward(), one tensor per parameter."""
    for p in params:
        p.grad = None
    f().backward()
    return [p.grad for p in params]


def flattened(gradients):
    return torch.cat([g.reshape(-1) for g in gradients])


def gradient_of(f, *params):
    """The gradient of f() with respect to params, by backward(), flattened and joined."""
    return flattened(gradients_of(f, *params))
