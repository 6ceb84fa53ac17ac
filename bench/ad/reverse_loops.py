#!/usr/bin/env python3
"""Reverse mode through loops and recursion (native code where it runs natively): time and peak memory by size.

Usage: bench/ad/reverse_loops.py [FLUXION] [--baseline FLUXION] [--repeat N] [--trees PATH]

Three measurements, each the best of --repeat runs of the CLI (default build/fluxion) after
one untimed run (which compiles native code into the cache), from the repository root after
`make build`:

1. A loop that reads a captured tensor, h = tanh(h * w + xs[t]), differentiated in w at
   n = 40k, 80k, 160k, 320k. Its reverse pass used to build and add a dense cotangent of xs
   at every iteration (quadratic); the ratio of the last two times should be about 2.
2. r = r * x for n = 10^6 iterations: the primal and its gradient, time per iteration and
   peak memory (max RSS) per iteration above the primal's, natively and in the interpreter.
3. examples/tree_lstm.fx on the seed trees (../shared/data/seedbench/trees.txt): time per
   tree of value_and_grad plus the Adagrad step, from runs over 10 and 60 trees (the
   difference divides out reading the file and starting up).

With --baseline (another build of the CLI, e.g. of an earlier commit: `git worktree add /tmp/old
REV && make -C /tmp/old build`), measurements 1 and 3 run both binaries in the same run, and the
table gives baseline time / this time. Prints a table; nothing is asserted (tests assert
behaviour; this measures time).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

LOOP_READING_XS = """
def f(w, xs):
    h = 0.0
    for t in range(len(xs)):
        h = tanh(h * w + xs[t])
    return h

def main():
    print(grad(f)(0.5, ones(arg(0, 1000))))
"""

POWER = """
def power(x, n):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def main():
    n = arg(0, 1000)
    if arg(1, 0) == 1:
        print(grad(power)(1.0000001, n))
    else:
        print(power(1.0000001, n))
"""


def run(cmd):
    """(seconds, max RSS in KiB) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss


def best(cmd, repeat):
    run(cmd)  # untimed: compiles the program into the cache (native code), as a second run finds it
    runs = [run(cmd) for _ in range(repeat)]
    return min(t for t, _ in runs), min(m for _, m in runs)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fluxion", nargs="?", default="build/fluxion")
    ap.add_argument("--baseline", help="another fluxion binary to time beside FLUXION")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--trees", default=os.path.join("..", "shared", "data", "seedbench", "trees.txt"))
    args = ap.parse_args()
    fx = args.fluxion
    tmp = tempfile.mkdtemp(prefix="fx-bench-")

    loop = os.path.join(tmp, "loop_reading_xs.fx")
    with open(loop, "w") as f:
        f.write(LOOP_READING_XS)
    base = args.baseline
    print("1. grad of a loop reading a captured xs[t]")
    print(f"{'n':>8} {'seconds':>9} {'ratio':>6}" + (f" {'baseline s':>11} {'speedup':>8}" if base else ""))
    previous = None
    for n in (40_000, 80_000, 160_000, 320_000):
        t, _ = best([fx, "run", loop, str(n)], args.repeat)
        ratio = f"{t / previous:6.2f}" if previous else ""
        line = f"{n:>8} {t:9.3f} {ratio:>6}"
        if base:
            tb, _ = best([base, "run", loop, str(n)], args.repeat)
            line += f" {tb:11.3f} {tb / t:7.1f}x"
        print(line)
        previous = t

    power = os.path.join(tmp, "power.fx")
    with open(power, "w") as f:
        f.write(POWER)
    n = 1_000_000
    print(f"\n2. r = r * x, n = {n}")
    # reverse mode named: a gradient of one f64 runs in forward mode by default (docs/opt.md)
    for engine, flags in (("native", ["--grad-mode=reverse"]), ("interpreter", ["--interp", "--grad-mode=reverse"])):
        tp, mp = best([fx, "run", *flags, power, str(n), "0"], args.repeat)
        tg, mg = best([fx, "run", *flags, power, str(n), "1"], args.repeat)
        print(f"   {engine}: primal   {tp * 1e9 / n:8.0f} ns/iteration, max RSS {mp / 1024:7.1f} MiB")
        print(f"   {engine}: gradient {tg * 1e9 / n:8.0f} ns/iteration, max RSS {mg / 1024:7.1f} MiB"
              f" ({(mg - mp) * 1024 / n:.0f} bytes/iteration above the primal)")

    if os.path.exists(args.trees):
        example = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "tree_lstm.fx")

        def per_tree(binary):
            t10, _ = best([binary, "run", example, args.trees, "10", "1", "1000"], args.repeat)
            t60, _ = best([binary, "run", example, args.trees, "60", "1", "1000"], args.repeat)
            return (t60 - t10) / 50

        t = per_tree(fx)
        line = f"\n3. tree_lstm: {t * 1e3:.1f} ms per tree (runs of 10 and 60 trees, difference / 50)"
        if base:
            tb = per_tree(base)
            line += f"; baseline {tb * 1e3:.1f} ms per tree: {tb / t:.1f}x"
        print(line)
    else:
        print(f"\n3. tree_lstm: skipped ({args.trees} not found)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
