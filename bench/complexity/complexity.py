#!/usr/bin/env python3
"""Times Fluxion programs at growing sizes and prints how the time grows.

The test suite checks complexity by counts that do not depend on the machine (interpreter steps,
heap values, bytes of tensor storage: tests/unit/interp_test.cpp, interp_tensor_test.cpp,
ad_loop_test.cpp, tensor_index_test.cpp); the wall times those counts stand for are measured
here, by hand, on a quiet machine:

    bench/complexity/complexity.py [FLUXION] [--repeat N]

FLUXION defaults to build/fluxion. Each case runs at sizes n and 10n (best of --repeat runs,
default 3); the last column is the time ratio, next to the ratio of a linear algorithm (the
size ratio). A ratio far above it means the work grew faster than linearly.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def parse_program(n):
    # n small functions: parsing and lowering (main calls none of them).
    return "".join(f"def f{i}(x, y=1.0):\n    a = x ** 2 + y * (x - 3.5) / 2\n    return a if a > 0 else -a\n\n"
                   for i in range(n)) + "def main():\n    print(f0(2.0))\n"


def fib_program(n):
    return (f"def fib(n):\n    if n < 2:\n        return n\n    return fib(n - 1) + fib(n - 2)\n\n"
            f"def main():\n    print(fib({n}))\n")


def while_program(n):
    return f"def main():\n    i = 0\n    s = 0\n    while i < {n}:\n        s += i\n        i += 1\n    print(s)\n"


def updates_program(n):
    return (f"def main():\n    x = zeros({n})\n    for i in range({n}):\n        x[i] = 1.0\n"
            f"    print(sum(x))\n")


def reverse_program(n):
    return ("def decay(x, n):\n    s = x\n    for i in range(n):\n"
            "        s = s * 0.999999 + sin(s) * 0.000001\n    return s\n\n"
            f"def main():\n    print(grad(decay)(1.0, {n}))\n")


# (name, program maker, size n: each runs at n and 10n (None: fib at 20 and 25), subcommand)
CASES = [
    ("parse and lower n functions", parse_program, 2000, "check"),
    ("fib(n): calls (sizes 20, 25: 11.1x calls)", fib_program, None, "run"),
    ("while loop of n iterations", while_program, 100000, "run"),
    ("n in-place updates of a tensor of n", updates_program, 20000, "run"),
    # reverse mode named: a gradient of one f64 runs in forward mode by default (docs/opt.md)
    ("reverse mode of a loop of n iterations", reverse_program, 50000, "run --grad-mode=reverse"),
]


def best_time(fluxion, subcommand, path, repeat):
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        run = subprocess.run([fluxion, *subcommand.split(), path], capture_output=True, text=True)
        elapsed = time.perf_counter() - began
        if run.returncode != 0:
            raise SystemExit(f"{fluxion} {subcommand} {path} failed:\n{run.stderr}")
        best = min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("fluxion", nargs="?", default="build/fluxion")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'case':45} {'n':>8} {'time n':>9} {'time 10n':>9} {'ratio':>7} (linear: 10; fib: 11.1)")
    with tempfile.TemporaryDirectory() as workdir:
        for name, make, n, subcommand in CASES:
            sizes = (20, 25) if n is None else (n, 10 * n)
            times = []
            for size in sizes:
                path = os.path.join(workdir, f"case_{size}.fx")
                with open(path, "w") as out:
                    out.write(make(size))
                times.append(best_time(args.fluxion, subcommand, path, args.repeat))
            print(f"{name:45} {sizes[0]:>8} {times[0]:>8.3f}s {times[1]:>8.3f}s {times[1] / times[0]:>7.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
