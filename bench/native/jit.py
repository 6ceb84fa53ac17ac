#!/usr/bin/env python3
"""The native back end's costs and speed, side by side in one run (docs/codegen.md), with
issue 12's goals.

Usage: bench/native/jit.py [FLUXION] [--repeat N]

For two programs, a generated 100-line one (20 small functions) and examples/showcase.fx
(86 lines: structs, enums, closures, tensors and derivatives):
  * cache hit: `fluxion run` of the program whose compiled code is in the cache, against the
    cached code run alone: the same program's `main` compiled ahead of time (`fluxion compile
    --export run_main=main`, the same emitter and C compiler) and called from a C program that
    does nothing else. The difference is what a hit adds (reading and parsing the sources,
    the run index's lookup, dlopen: docs/codegen.md "Cache"); goal <= 50 ms. `fluxion check` (the front
    end alone) and `fluxion run --interp` are printed beside them;
  * cold compile: `fluxion run --no-cache` (emit, cc -O2, dlopen, run); goal <= 1 s.
Then scalar loops of 10^7 iterations (float only; float and i64 `%`): native, the same function
hand-written in C compiled with `cc -O2`, and (the second) the interpreter.
Prints the median of N runs (default 5) of each, in ms: wall time, and beside it CPU time
(user + system of the process and its children, the C compiler included), which a loaded
machine disturbs less (the goals are judged on wall time). Needs `make build` and cc.
"""

import os
import resource
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


CACHE_HIT_GOAL_MS = 50.0
COLD_COMPILE_GOAL_MS = 1000.0
SHOWCASE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "examples", "showcase.fx")


def cached_code_alone(fluxion, program, tmp, name, env):
    """A C program that runs `program`'s main from its AOT library and nothing else."""
    library = os.path.join(tmp, "lib%s.so" % name)
    subprocess.run([fluxion, "compile", program, "--export", "run_main=main", "-o", library], check=True,
                   stdout=subprocess.DEVNULL, env=env)
    host = os.path.join(tmp, name + "_host.c")
    with open(host, "w") as f:
        f.write('#include "%s.h"\nint main(void) { return run_main() == %s_OK ? 0 : 1; }\n' % (name, name))
    binary = os.path.join(tmp, name + "_host")
    subprocess.run(["cc", "-O2", "-o", binary, host, "-I", tmp, "-L", tmp, "-l" + name, "-Wl,-rpath," + tmp],
                   check=True)
    return binary


def verdict(ms, goal):
    return "met" if ms <= goal else "not met (%.3g× the goal)" % (ms / goal)


def median_ms(cmd, repeat, env):
    """(wall, CPU) medians of `repeat` runs of cmd, in ms."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env)
        walls.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


LATENCY_COMMANDS = (("check", "fluxion check (front end only)"), ("hit", "fluxion run, cache hit"),
                    ("alone", "the cached code alone (AOT library, C host)"), ("interp", "fluxion run --interp"),
                    ("cold", "fluxion run --no-cache (cold compile)"))


def latencies(fluxion, tmp, repeat, report=None):
    """For the 100-line program and showcase.fx: {label: {key: (wall ms, CPU ms)}} for each of
    LATENCY_COMMANDS, with a cache of its own under tmp. `report(label, title, wall, cpu)` is called
    as each is measured."""
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
    small = os.path.join(tmp, "hundred.fx")
    with open(small, "w") as f:
        f.write(hundred_lines())
    out = {}
    for label, program, name in (("100-line program", small, "hundred"), ("showcase.fx", SHOWCASE, "showcase")):
        subprocess.run([fluxion, "run", "--native", program], check=True, stdout=subprocess.DEVNULL, env=env)
        alone = cached_code_alone(fluxion, program, tmp, name, env)
        commands = {"check": [fluxion, "check", program], "hit": [fluxion, "run", "--native", program],
                    "alone": [alone], "interp": [fluxion, "run", "--interp", program],
                    "cold": [fluxion, "run", "--native", "--no-cache", program]}
        times = out[label] = {}
        for key, title in LATENCY_COMMANDS:
            times[key] = median_ms(commands[key], repeat, env)
            if report:
                report(label, title, *times[key])
    return out


def main(argv):
    repeat = 5
    if "--repeat" in argv:
        i = argv.index("--repeat")
        repeat = int(argv[i + 1])
        del argv[i:i + 2]
    fluxion = os.path.abspath(argv[1] if len(argv) > 1 else "build/fluxion")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"))
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
        subprocess.run([fluxion, "run", "--native", loop], check=True, stdout=subprocess.DEVNULL, env=env)

        def report(label, title, wall, cpu):
            print(f"{wall:10.1f} ms (CPU {cpu:7.1f} ms)  {label}: {title}", flush=True)

        for label, times in latencies(fluxion, tmp, repeat, report).items():
            added = times["hit"][0] - times["alone"][0]
            added_cpu = times["hit"][1] - times["alone"][1]
            print(f"{added:10.1f} ms (CPU {added_cpu:7.1f} ms)  {label}: a cache hit adds "
                  f"(goal <= {CACHE_HIT_GOAL_MS:g} ms): {verdict(added, CACHE_HIT_GOAL_MS)}")
            cold = times["cold"][0]
            print(f"{cold:10.1f} ms (CPU {times['cold'][1]:7.1f} ms)  {label}: cold compile and run "
                  f"(goal <= {COLD_COMPILE_GOAL_MS:g} ms): {verdict(cold, COLD_COMPILE_GOAL_MS)}", flush=True)

        rows = [
            ("float loop 10^7: native (cache hit)", [fluxion, "run", "--native", floats]),
            ("float loop 10^7: hand-written C, cc -O2", [os.path.join(tmp, "float_c")]),
            ("scalar loop 10^7 with i64 %: native (cache hit)", [fluxion, "run", "--native", loop]),
            ("scalar loop 10^7 with i64 %: hand-written C (C's %), cc -O2", [os.path.join(tmp, "loop_c")]),
            ("scalar loop 10^7 with i64 %: interpreter", [fluxion, "run", "--interp", loop]),
        ]
        for name, cmd in rows:
            wall, cpu = median_ms(cmd, repeat, env)
            print(f"{wall:10.1f} ms (CPU {cpu:7.1f} ms)  {name}", flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
