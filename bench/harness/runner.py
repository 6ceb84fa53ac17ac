"""Running one implementation of a workload: a command that takes `OUT MIN_RUNS MIN_SECONDS`
(then the workload's own trailing arguments), prints `timing LABEL SECONDS` per run and leaves
its results in OUT (.npy from Fluxion and PyTorch, .txt from C++)."""
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np

# One thread everywhere: OpenBLAS under Fluxion and NumPy, OpenMP under PyTorch.
ENV = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")


class RunError(Exception):
    pass


def load_result(out, name):
    """Result `name` from OUT: name.npy, name.txt, or (Fluxion's jacobian) jacobian.npz."""
    for ext, load in ((".npy", np.load), (".txt", lambda p: np.atleast_1d(np.loadtxt(p)))):
        path = os.path.join(out, name + ext)
        if os.path.exists(path):
            return np.asarray(load(path), dtype=np.float64)
    if name.startswith("jacobian_"):
        with np.load(os.path.join(out, "jacobian.npz")) as z:
            index = ("rows", "cols", "vals").index(name[len("jacobian_"):])
            return np.asarray(z["arr_%d" % index], dtype=np.float64)
    raise RunError("no result %r in %s" % (name, out))


def run(command, tail, results, min_runs, min_seconds, timeout):
    """Runs command with OUT, MIN_RUNS, MIN_SECONDS and tail; returns (timings by label,
    results by name, wall seconds)."""
    with tempfile.TemporaryDirectory(prefix="fluxion-bench-") as out:
        argv = list(command) + [out, str(min_runs), repr(float(min_seconds))] + list(tail)
        start = time.monotonic()
        try:
            r = subprocess.run(argv, capture_output=True, text=True, env=ENV, timeout=timeout)
        except subprocess.TimeoutExpired:
            raise RunError("%s: more than %d s" % (" ".join(argv), timeout))
        wall = time.monotonic() - start
        if r.returncode != 0:
            raise RunError("%s exited with %d: %s" % (" ".join(argv), r.returncode, r.stderr.strip()[-2000:]))
        timings = {}
        for line in r.stdout.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[0] == "timing":
                timings.setdefault(parts[1], []).append(float(parts[2]))
        return timings, {name: load_result(out, name) for name in results}, wall


def median_after_warmup(samples):
    """The median of the runs after the first (the warm-up run is not counted)."""
    kept = samples[1:] if len(samples) > 1 else samples
    return statistics.median(kept)


def relative_error(a, b):
    """ADBench's rule, largest over the entries: |a - b| / max(1, |a| + |b|)."""
    if a.shape != b.shape:
        return float("inf")
    if a.size == 0:
        return 0.0
    return float(np.max(np.abs(a - b) / np.maximum(1.0, np.abs(a) + np.abs(b))))
