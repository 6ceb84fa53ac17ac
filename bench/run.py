#!/usr/bin/python3
"""The benchmark harness: runs each workload of BENCHMARKS.md §A-§B in Fluxion and its peers
(hand-written C++, ADOL-C, PyTorch) in one invocation on the same inputs, single-threaded,
checks that every implementation's objective and derivative agree with Fluxion's to 1e-8
before timing anything, then times them (one warm-up run excluded, medians) and writes
bench/results/latest.json, bench/RESULTS.md and plots. It also measures the per-operation
overhead of a chain of 64 operations and its gradient, on numbers and on one-element tensors,
beside hand-written C++ (harness/per_op.py), runs the dF~ micro-benchmarks
and applications (§C, forward against reverse mode in Fluxion, harness/dff.py), trains the seed models (§D:
min-char-rnn, LSTM, TreeLSTM, the CNN at batch 1 and 100) in Fluxion and in PyTorch from the
same initial weights, their first float64 losses checked to agree to 1e-8 before they are timed
(harness/seed.py), drives the GradBench tool on the golden examples (§F, harness/gradbench.py) and measures §E's
limits: the dgemm rate and the matrix-heavy steps' share of it, compile latency, and how
derivative compile time grows with the program (harness/limits.py).
Progress goes to stderr, a line per workload.

    bench/run.py [--quick] [--only TEXT ...] [--peers NAME ...] [--fluxion PATH] [--out DIR]

--peers keeps only the named peers (c++, adol-c, pytorch; all by default), and --out writes
RESULTS.md and results/ under DIR instead of bench/: `make test` runs a smoke subset this way
(tests/CMakeLists.txt `bench/quick`), with the C++ peers only, which need no bench dependency.

The Fluxion side is `fluxion run` of a program under bench/ that times itself with clock(). Each
program is run with `--native` first; only when that stops with the back end's located "does
not support" error is it run and timed with `--interp`, and every row says which engine ran it
and why (harness/engine.py): a fallback is never reported as native. The peers' C++ is compiled
first with g++ -O3, and its compile time, like `fluxion check`'s, is reported apart. Run from
anywhere after `make build` and `make bench-deps`.
"""
import argparse
import datetime
import os
import platform
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import dff, engine, gradbench, limits, per_op, report, runner, seed, workloads  # noqa: E402

TOLERANCE = 1e-8
QUICK = (2, 0.0)    # (MIN_RUNS including the warm-up run, MIN_SECONDS)
FULL = (4, 0.5)
MICRO_SIZES = {True: [10, 100], False: [10, 100, 1000, 10000]}
APPS_SIZES = {True: [10, 100], False: [10, 100, 1000]}
TIMEOUT = 1800


def progress(*parts):
    print("bench:", *parts, file=sys.stderr, flush=True)


def build_peers(with_adolc):
    """Compiles the C++ peers (g++ -O3, one thread), the ADOL-C ones only when they will run, and
    returns the compile seconds of each."""
    os.makedirs(workloads.PEERS_BIN, exist_ok=True)
    seconds = {}
    for name, libs in workloads.CPP_PEERS.items():
        if "-ladolc" in libs and not with_adolc:
            continue
        source = os.path.join(workloads.ROOT, "bench", "peers", "cpp", name + ".cpp")
        start = time.monotonic()
        subprocess.run(["g++", "-O3", "-std=c++20", "-o", workloads.cpp(name), source] + libs, check=True)
        seconds["c++ " + name] = time.monotonic() - start
    return seconds


def fluxion_check_seconds(fluxion, program):
    start = time.monotonic()
    subprocess.run([fluxion, "check", program], check=True, capture_output=True)
    return time.monotonic() - start


def fluxion_command(w, fluxion, flag):
    return [fluxion, "run", flag] + w.fluxion


def fluxion_once(w, fluxion):
    """Runs the Fluxion program once, natively where the back end supports it (harness/engine.py);
    returns (the engine, its results)."""
    return engine.first_that_runs(
        lambda flag: runner.run(fluxion_command(w, fluxion, flag), w.tail, w.results(), 1, 0.0, TIMEOUT)[1])


def check(w, peers, reference):
    """Runs every peer once and compares its results with Fluxion's (reference); the largest
    relative error."""
    worst = 0.0
    for name, cmd in peers.items():
        got = runner.run(cmd, w.tail, w.results(), 1, 0.0, TIMEOUT)[1]
        for key in w.results():
            err = runner.relative_error(reference[key], got[key])
            if err > TOLERANCE:
                raise runner.RunError("%s's %s differs from Fluxion's by %.3g (relative)" % (name, key, err))
            worst = max(worst, err)
    return worst


def timed(w, cmd, min_runs, min_seconds):
    timings, _, _ = runner.run(cmd, w.tail, [], min_runs, min_seconds, TIMEOUT)
    primal = runner.median_after_warmup(timings["objective"])
    derivative = runner.median_after_warmup(timings[w.derivative])
    return {"primal": primal, "derivative": derivative, "ratio": derivative / primal,
            "runs": {k: len(v) for k, v in timings.items()}}


def measure(w, fluxion, min_runs, min_seconds):
    row = {"name": w.name, "section": w.section, "goal": w.goal, "group": w.group, "group_goal": w.group_goal,
           "size": w.size}
    try:
        ran_by, reference = fluxion_once(w, fluxion)
        row.update(ran_by.record())
        row["check"] = check(w, w.peers, reference)
        row["fluxion"] = timed(w, fluxion_command(w, fluxion, ran_by.flag), min_runs, min_seconds)
        row["peers"] = {name: timed(w, cmd, min_runs, min_seconds) for name, cmd in w.peers.items()}
    except runner.RunError as e:
        row["error"] = str(e)
    return row


def machine():
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return "%s, %d CPUs, %s" % (model, os.cpu_count() or 0, platform.platform())


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the smallest size of each workload, one timed run")
    parser.add_argument("--only", nargs="*", default=[], help="workloads whose name contains one of these")
    parser.add_argument("--peers", nargs="*", default=[], help="only these peers (c++, adol-c, pytorch)")
    parser.add_argument("--fluxion", default=os.path.join(workloads.ROOT, "build", "fluxion"))
    parser.add_argument("--out", default=os.path.join(workloads.ROOT, "bench"),
                        help="the directory of RESULTS.md and results/ (default: bench/)")
    args = parser.parse_args()
    # The machine may be shared: the load around the run goes into the report beside the timings.
    load_at_start = os.getloadavg()[0]
    min_runs, min_seconds = QUICK if args.quick else FULL
    chosen = [w for w in workloads.all_workloads(args.quick) if not args.only or any(t in w.name for t in args.only)]
    for w in chosen:
        w.peers = {name: cmd for name, cmd in w.peers.items() if not args.peers or name in args.peers}
    compile_seconds = build_peers(not args.peers or "adol-c" in args.peers)
    rows = []
    for i, w in enumerate(chosen, 1):
        key = "fluxion " + os.path.basename(w.fluxion[0])
        if key not in compile_seconds:
            compile_seconds[key] = fluxion_check_seconds(args.fluxion, w.fluxion[0])
        start = time.monotonic()
        row = measure(w, args.fluxion, min_runs, min_seconds)
        rows.append(row)
        if "error" in row:
            progress("[%d/%d] %s: FAILED: %s" % (i, len(chosen), w.name, row["error"]))
        else:
            progress("[%d/%d] %s: Fluxion D/P %.3g (%s), %s, %.1f s" %
                     (i, len(chosen), w.name, row["fluxion"]["ratio"], "goal %g" % w.goal if w.goal else "no goal",
                      engine.describe(row), time.monotonic() - start))
    results = os.path.join(args.out, "results")
    os.makedirs(results, exist_ok=True)
    per_op_rows = []
    if not args.only or any(t in "per-op per_op" for t in args.only):
        per_op_rows = per_op.run_per_op(args.fluxion, args.quick, min_runs, min_seconds, progress)
    micro_rows = []
    if not args.only or any(t in "micro" for t in args.only):
        for n in MICRO_SIZES[args.quick]:
            try:
                micro_rows.append(dff.run_micro(args.fluxion, n, min_runs, min_seconds))
                progress("micro n=%d: dot jacfwd / jacrev %.3g, %s" % (n, micro_rows[-1]["kernels"]["dot"]["ratio"],
                                                                        engine.describe(micro_rows[-1])))
            except runner.RunError as e:
                micro_rows.append({"name": "n=%d" % n, "error": str(e)})
                progress("micro n=%d: FAILED: %s" % (n, e))
    apps_rows = []
    if not args.only or any(t in "dff-apps nnmf ba_project" for t in args.only):
        for n in APPS_SIZES[args.quick]:
            try:
                apps_rows.append(dff.run_apps(args.fluxion, n, min_runs, min_seconds))
                progress("dF~ apps n=%d: nnmf jacfwd / jacrev %.3g, ba_project %.3g, %s" %
                         (n, apps_rows[-1]["kernels"]["nnmf"]["ratio"], apps_rows[-1]["kernels"]["ba_project"]["ratio"],
                          engine.describe(apps_rows[-1])))
            except runner.RunError as e:
                apps_rows.append({"name": "n=%d" % n, "error": str(e)})
                progress("dF~ apps n=%d: FAILED: %s" % (n, e))
    gradbench_rows = []
    for module in list(gradbench.PAIRS) + list(gradbench.NESTED):
        if args.only and not any(t in "gradbench:" + module for t in args.only):
            continue
        try:
            gradbench_rows.append(gradbench.run_eval(args.fluxion, module, min_runs, min_seconds))
            progress("gradbench %s: done, %s" % (module, gradbench_rows[-1].get("engine", "?")))
        except runner.RunError as e:
            gradbench_rows.append({"name": module, "error": str(e)})
            progress("gradbench %s: FAILED: %s" % (module, e))
    seed_rows = []
    for model in seed.MODELS:
        if args.only and not any(t in model.name for t in args.only):
            continue
        start = time.monotonic()
        try:
            seed_rows.append(seed.run_model(args.fluxion, model, args.quick, results))
            r = seed_rows[-1]
            progress("%s: losses agree to 1e-8 over the first %d steps (%d of %d in the curve); PyTorch / Fluxion "
                     "time %.3g (goal %g), %s, %.1f s" % (model.name, r["check_steps"], r["agree_steps"],
                                                          r["curve_steps"], r["speedup"], r["goal"],
                                                          engine.describe(r), time.monotonic() - start))
        except runner.RunError as e:
            seed_rows.append({"name": model.name, "error": str(e)})
            progress("%s: FAILED: %s" % (model.name, e))
    limits_row = None
    if not args.only or any(t in "limits" for t in args.only):
        try:
            limits_row = limits.run_limits(args.fluxion, rows, seed_rows)
            progress("limits: dgemm %.3g GFLOP/s, %d matrix-heavy shares, compile latency and growth measured" %
                     (limits_row["dgemm_gflops"], len(limits_row["shares"])))
        except (runner.RunError, subprocess.CalledProcessError) as e:
            limits_row = {"error": str(e)}
            progress("limits: FAILED: %s" % e)
    version = subprocess.run([args.fluxion, "--version"], capture_output=True, text=True).stdout.strip()
    run = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "machine": machine(), "load_average": {"start": load_at_start, "end": os.getloadavg()[0]},
           "fluxion_version": version,
           "fluxion_mode": "`--native` where the back end supports the program, else `--interp` "
                           "(each row says which, and why)",
           "mode": "quick" if args.quick else "full", "min_runs": min_runs, "min_seconds": min_seconds,
           "compile_seconds": compile_seconds, "workloads": rows, "per_op": per_op_rows, "micro": micro_rows, "dff_apps": apps_rows,
           "seed": seed_rows, "gradbench": gradbench_rows, "limits": limits_row}
    run["plots"] = report.write_plots(run, results) + [r["plot"] for r in seed_rows if r.get("plot")]
    report.write_json(run, os.path.join(results, "latest.json"))
    report.write_markdown(run, os.path.join(args.out, "RESULTS.md"))
    progress("wrote %s/RESULTS.md, results/latest.json and %d plots" % (args.out, len(run["plots"])))
    failed = any("error" in r for r in rows + per_op_rows + micro_rows + apps_rows + seed_rows + gradbench_rows)
    sys.exit(1 if failed or (limits_row and "error" in limits_row) else 0)


if __name__ == "__main__":
    main()
