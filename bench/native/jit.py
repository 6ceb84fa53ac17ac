#!/usr/bin/env python3
"""The native back end's costs and speed, side by side in one run (docs/codegen.md).

Usage: bench/native/jit.py [FLUXION] [--repeat N]

  * cache hit: `fluxion run` of a program whose compiled code is in the cache, against
    `fluxion check` of it (the front end alone) and against `fluxion run --interp`: what a hit
    adds over running the cached code is the difference to `check`;
  * cold compile: `fluxion run --no-cache` of a 100-line program (emit, cc -O2, dlopen);
  * scalar loops of 10^7 iterations (float only; float and i64 `%`): native, the same function
    hand-written in C compiled with `cc -O2`, and (the second) the interpreter.
Prints the median of N runs (default 5) of each, in ms. Needs `make build` and cc.
"""

import os
import statistics
import subprocess
import sys
import tempfile
import time

# Float arithmetic only: the same instructions as the C version.
FLOAT_FX = """
def work(n):
    x = 0.0
    for i in range(n):
        y = 2.0 + float(i)
        x = 0.5 * (x + y / (x + 1.0))
    return x

def main():
    print(work(10000000))
"""

FLOAT_C = r"""
#include <stdio.h>
#include <stdint.h>
static double work(int64_t n) {
  double x = 0.0;
  for (int64_t i = 0; i < n; ++i) {
    double y = 2.0 + (double)i;
    x = 0.5 * (x + y / (x + 1.0));
  }
  return x;
}
int main(void) { printf("%.17g\n", work(10000000)); return 0; }
"""

# With i64 `%`: Fluxion's is Python's (the sign of the divisor), C's truncates, so the native
# code does more than the C version here.
LOOP_FX = """
def work(n):
    x = 0.0
    k = 0
    for i in range(n):
        y = 2.0 + float(i % 7)
        x = 0.5 * (x + y / (x + 1.0))
        k = (k * 31 + i) % 1000003
    return x + float(k)

def main():
    print(work(10000000))
"""

LOOP_C = r"""
#include <stdio.h>
#include <stdint.h>
static double work(int64_t n) {
  double x = 0.0;
  int64_t k = 0;
  for (int64_t i = 0; i < n; ++i) {
    double y = 2.0 + (double)(i % 7);
    x = 0.5 * (x + y / (x + 1.0));
    k = (k * 31 + i) % 1000003;
  }
  return x + (double)k;
}
int main(void) { printf("%.17g\n", work(10000000)); return 0; }
"""


def hundred_lines():
    """A 100-line program: 20 small functions and a main that calls them."""
    lines = []
    for i in range(20):
        lines += [f"def f{i}(x, n):", "    s = 0.0", "    for j in range(n):",
                  f"        s = s + x * {i + 1}.0 / (1.0 + float(j))", "    return s"]
    calls = " + ".join(f"f{i}(1.5, 10)" for i in range(20))
    lines += ["def main():", f"    print({calls})"]
    return "\n".join(lines) + "\n"


def median_ms(cmd, repeat, env):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main(argv):
    repeat = 5
    if "--repeat" in argv:
        i = argv.index("--repeat")
        repeat = int(argv[i + 1])
        del argv[i:i + 2]
    fluxion = os.path.abspath(argv[1] if len(argv) > 1 else "build/fluxion")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
        small = os.path.join(tmp, "hundred.fx")
        with open(small, "w") as f:
            f.write(hundred_lines())
        loop = os.path.join(tmp, "loop.fx")
        with open(loop, "w") as f:
            f.write(LOOP_FX)
        for name, text in (("loop", LOOP_C), ("float", FLOAT_C)):
            c = os.path.join(tmp, name + ".c")
            with open(c, "w") as f:
                f.write(text)
            subprocess.run(["cc", "-O2", "-o", os.path.join(tmp, name + "_c"), c], check=True)
        floats = os.path.join(tmp, "float.fx")
        with open(floats, "w") as f:
            f.write(FLOAT_FX)
        subprocess.run([fluxion, "run", "--native", floats], check=True, stdout=subprocess.DEVNULL, env=env)
        subprocess.run([fluxion, "run", "--native", small], check=True, stdout=subprocess.DEVNULL, env=env)
        subprocess.run([fluxion, "run", "--native", loop], check=True, stdout=subprocess.DEVNULL, env=env)

        rows = [
            ("100-line program: fluxion check (front end only)", [fluxion, "check", small]),
            ("100-line program: fluxion run, cache hit", [fluxion, "run", "--native", small]),
            ("100-line program: fluxion run --interp", [fluxion, "run", "--interp", small]),
            ("100-line program: fluxion run --no-cache (cold compile)", [fluxion, "run", "--native", "--no-cache", small]),
            ("float loop 10^7: native (cache hit)", [fluxion, "run", "--native", floats]),
            ("float loop 10^7: hand-written C, cc -O2", [os.path.join(tmp, "float_c")]),
            ("scalar loop 10^7 with i64 %: native (cache hit)", [fluxion, "run", "--native", loop]),
            ("scalar loop 10^7 with i64 %: hand-written C (C's %), cc -O2", [os.path.join(tmp, "loop_c")]),
            ("scalar loop 10^7 with i64 %: interpreter", [fluxion, "run", "--interp", loop]),
        ]
        for name, cmd in rows:
            print(f"{median_ms(cmd, repeat, env):10.1f} ms  {name}", flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
