"""BENCHMARKS.md §A's per-adjoint-operation overhead (goal < 5 ns, compiled; Zygote about 570 ns,
PyTorch about 7 µs): a straight-line chain of 64 operations and its reverse-mode gradient,
called REPS times in a loop whose every call depends on the last, on numbers
(bench/overhead/per_op.fx: plain C doubles natively) and on one-element tensors
(bench/overhead/per_op_tensor.fx: every operation a call of the tensor runtime, a result header
and the counts of its references — what a model of small tensors pays per operation). Each
time is divided by REPS * 64: nanoseconds per operation of the primal and of the gradient, and
the adjoint's overhead (gradient - primal) per operation. The C++ peer
(bench/peers/cpp/overhead.cpp `per_op`, `per_op_tensor`) computes the same chains on doubles,
by hand, forward-mode derivatives: the floor. Its results are checked against Fluxion's before
the timings are kept."""
import os

from . import engine, runner, workloads

OPS = 64
GOAL_NS = 5.0
TIMEOUT = 1800
# (label, program in bench/overhead, the C++ peer's workload, REPS quick, REPS full)
CHAINS = (("f64 numbers", "per_op.fx", "per_op", 100000, 100000),
          ("one-element f64 tensors", "per_op_tensor.fx", "per_op_tensor", 2000, 10000))


def per_op_ns(samples, reps):
    return 1e9 * runner.median_after_warmup(samples) / (reps * OPS)


def timed_ns(timings, reps):
    primal, derivative = per_op_ns(timings["objective"], reps), per_op_ns(timings["gradient"], reps)
    return {"primal_ns": primal, "gradient_ns": derivative, "adjoint_ns": derivative - primal}


def run_chain(fluxion, label, program, peer, reps, min_runs, min_seconds, peer_binary=None):
    """Runs and checks one chain (the Fluxion program and the C++ peer's `peer` workload, built by
    run.py into build/bench-peers unless peer_binary says where); returns its row."""
    path = os.path.join(workloads.ROOT, "bench", "overhead", program)
    tail, results = [str(reps)], ["objective", "gradient"]
    # One run checks and times, natively where supported (harness/engine.py).
    ran_by, (timings, got, _) = engine.first_that_runs(
        lambda flag: runner.run([fluxion, "run", flag, path], tail, results, min_runs, min_seconds, TIMEOUT))
    peer_timings, want, _ = runner.run([peer_binary or workloads.cpp("overhead"), peer], tail, results, min_runs, min_seconds,
                                       TIMEOUT)
    err = max(runner.relative_error(got[k], want[k]) for k in results)
    if err > 1e-8:
        raise runner.RunError("%s: the C++ peer's results differ from Fluxion's by %.3g (relative)" % (program, err))
    row = {"name": label, "program": program, "reps": reps, "ops": OPS, "check": err,
           "fluxion": timed_ns(timings, reps), "c++": timed_ns(peer_timings, reps)}
    row.update(ran_by.record())
    return row


def run_per_op(fluxion, quick, min_runs, min_seconds, progress):
    rows = []
    for label, program, peer, quick_reps, full_reps in CHAINS:
        try:
            rows.append(run_chain(fluxion, label, program, peer, quick_reps if quick else full_reps, min_runs,
                                  min_seconds))
            r = rows[-1]
            progress("per-op %s: primal %.3g ns, gradient %.3g ns, adjoint overhead %.3g ns per operation "
                     "(goal < %g), %s" % (label, r["fluxion"]["primal_ns"], r["fluxion"]["gradient_ns"],
                                          r["fluxion"]["adjoint_ns"], GOAL_NS, engine.describe(r)))
        except runner.RunError as e:
            rows.append({"name": label, "program": program, "error": str(e)})
            progress("per-op %s: FAILED: %s" % (label, e))
    return rows


def table(rows):
    lines = ["Nanoseconds per operation of a chain of %d, its time divided by REPS × %d (goal for the adjoint's "
             "overhead, gradient − primal: < %g ns, compiled; Zygote about 570 ns, PyTorch about 7 µs)." %
             (OPS, OPS, GOAL_NS), "",
             "| chain of %d operations on | Fluxion engine | REPS | check (rel. err. vs C++) | Fluxion primal | "
             "Fluxion gradient | Fluxion adjoint overhead | goal | | C++ primal | C++ gradient |" % OPS,
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            lines.append("| %s (`%s`) | | | **failed**: %s | | | | | | | |" % (r["name"], r["program"], r["error"][:300]))
            continue
        f, c = r["fluxion"], r["c++"]
        met = "met" if f["adjoint_ns"] < GOAL_NS else "not met (%.3g× the goal)" % (f["adjoint_ns"] / GOAL_NS)
        lines.append("| %s (`%s`) | %s | %d | %.1e | %.3g ns | %.3g ns | %.3g ns | < %g ns | %s | %.3g ns | %.3g ns |" %
                     (r["name"], r["program"], engine.describe(r), r["reps"], r["check"], f["primal_ns"],
                      f["gradient_ns"], f["adjoint_ns"], GOAL_NS, met, c["primal_ns"], c["gradient_ns"]))
    return lines
