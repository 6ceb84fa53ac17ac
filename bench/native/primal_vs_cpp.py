#!/usr/bin/python3
"""The primal of BENCHMARKS.md §A's workloads as native code against the same functions written
by hand in C++ and compiled with g++ -O2 (issue 12's goal: within 1.3x), in one run.

Usage: bench/native/primal_vs_cpp.py [--fluxion PATH] [--rounds N] [--runs M] [--seconds S]

Fluxion runs bench/native/primal/NAME.fx, the primal of bench/overhead/NAME.fx alone (so a
derivative the native back end does not compile yet cannot keep the primal in the interpreter),
with `--native`; a program the back end declines runs with `--interp` and is marked so, never
counted as native (harness/engine.py). The C++ side is bench/peers/cpp/overhead.cpp, the peer
bench/run.py uses, built here with -O2. Both time each call with their own clock (Fluxion's
clock(), C++'s steady_clock) and print one `timing objective SECONDS` per call. Before timing,
the objectives must agree to 1e-8 (relative, ADBench's rule). The two sides then alternate for
N rounds (default 5) of at least M calls (default 200) and S seconds (default 0.2) each, so the
machine's load falls on both alike; each round's median (its first call excluded as a
warm-up) goes into the median over the rounds. `empty` times a region with nothing in it: the
clock's own cost, a floor that the nanosecond primals (SinCos) hardly rise above.
Prints one line per workload and the ratio Fluxion / C++ beside the goal.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile

BENCH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, BENCH)
from harness import engine, runner  # noqa: E402
from harness.workloads import ROOT  # noqa: E402

GOAL = 1.3
# (row name, bench/native/primal program and overhead.cpp workload, trailing arguments)
WORKLOADS = [("empty", "empty", []), ("sincos", "sincos", []), ("loop", "loop", []),
             ("logsumexp", "logsumexp", []), ("logreg", "logreg", []), ("mlp_b1", "mlp", ["1"]),
             ("mlp_b100", "mlp", ["100"])]


def build_cpp(directory):
    binary = os.path.join(directory, "overhead")
    subprocess.run(["g++", "-O2", "-std=c++20", "-o", binary, os.path.join(BENCH, "peers", "cpp", "overhead.cpp")],
                   check=True)
    return binary


def fluxion_command(fluxion, flag, program):
    return [fluxion, "run", flag, os.path.join(BENCH, "native", "primal", program + ".fx")]


def round_median(command, tail, runs, seconds):
    timings, _, _ = runner.run(command, tail, [], runs + 1, seconds, 600)
    return runner.median_after_warmup(timings["objective"])


def fmt(seconds):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds * 1e9)


def measure(fluxion, cpp, name, program, tail, args):
    """One row: the engine, the objectives' agreement, and the median times of both sides."""
    ran_by, fx_result = engine.first_that_runs(
        lambda flag: runner.run(fluxion_command(fluxion, flag, program), tail, ["objective"], 1, 0.0, 600)[1])
    cpp_result = runner.run([cpp, program], tail, ["objective"], 1, 0.0, 600)[1]
    err = runner.relative_error(fx_result["objective"], cpp_result["objective"])
    if err > 1e-8:
        raise runner.RunError("%s: Fluxion's objective differs from C++'s by %.3g (relative)" % (name, err))
    fx_times, cpp_times = [], []
    for _ in range(args.rounds):
        fx_times.append(round_median(fluxion_command(fluxion, ran_by.flag, program), tail, args.runs, args.seconds))
        cpp_times.append(round_median([cpp, program], tail, args.runs, args.seconds))
    fx, cc = statistics.median(fx_times), statistics.median(cpp_times)
    return dict({"name": name, "fluxion": fx, "cpp": cc, "ratio": fx / cc, "check": err}, **ran_by.record())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--fluxion", default=os.path.join(ROOT, "build", "fluxion"))
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=0.2)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    failed = False
    with tempfile.TemporaryDirectory(prefix="fluxion-primal-") as tmp:
        cpp = build_cpp(tmp)
        print("primal of §A, Fluxion native vs C++ g++ -O2, medians of %d alternating rounds "
              "(1-minute load average %.2f at the start)" % (args.rounds, load))
        print("%-10s %-12s %12s %12s %8s  %s" % ("workload", "engine", "Fluxion", "C++ -O2", "ratio", "goal ≤ %g" % GOAL))
        for name, program, tail in WORKLOADS:
            try:
                r = measure(args.fluxion, cpp, name, program, tail, args)
            except runner.RunError as e:
                print("%-10s FAILED: %s" % (name, e))
                failed = True
                continue
            if name == "empty":
                verdict = "(the clocks' own cost)"
            elif r["engine"] != "native":
                verdict = "not native: " + r["engine_reason"]
            else:
                verdict = "met" if r["ratio"] <= GOAL else "not met (%.3g× the goal)" % (r["ratio"] / GOAL)
            print("%-10s %-12s %12s %12s %8.3g  %s" % (name, r["engine"], fmt(r["fluxion"]), fmt(r["cpp"]),
                                                       r["ratio"], verdict), flush=True)
    print("1-minute load average %.2f at the end" % os.getloadavg()[0])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
