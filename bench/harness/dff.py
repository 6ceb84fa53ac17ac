"""§C of BENCHMARKS.md, the dF~ micro-benchmarks: each derivative by forward mode (jacfwd) and
by reverse mode (jacrev) in Fluxion, checked against each other and against the closed forms,
and the forward ÷ reverse time. The goal: the jacfwd gradient of dot within 2x of reverse mode
at n = 10^4 (without loop normalisation it is O(n^2))."""
import os

import numpy as np

from . import engine, runner
from .workloads import ROOT

KERNELS = ("dot", "max", "add", "scale")
DOT_GOAL = 2.0


def closed_forms(n):
    i = np.arange(n)
    v1, v2 = np.sin(0.37 * i), np.cos(0.23 * i)
    return {"dot": v2, "max": np.eye(n)[np.argmax(v1)], "add": np.eye(n), "scale": v1}


def run_micro(fluxion, n, min_runs, min_seconds):
    names = ["%s_%s" % (k, mode) for k in KERNELS for mode in ("fwd", "rev")]
    program = os.path.join(ROOT, "bench", "dff", "micro.fx")
    # One run does both the check and the timing; natively where supported (harness/engine.py).
    ran_by, (timings, results, _) = engine.first_that_runs(
        lambda flag: runner.run([fluxion, "run", flag, program], [str(n)], names, min_runs, min_seconds, 1800))
    want = closed_forms(n)
    row = dict({"name": "n=%d" % n, "n": n, "kernels": {}}, **ran_by.record())
    for k in KERNELS:
        err = max(runner.relative_error(results[k + "_" + mode].reshape(want[k].shape), want[k]) for mode in ("fwd", "rev"))
        if err > 1e-8:
            raise runner.RunError("micro %s at n=%d differs from its closed form by %.3g" % (k, n, err))
        fwd = runner.median_after_warmup(timings[k + "_fwd"])
        rev = runner.median_after_warmup(timings[k + "_rev"])
        row["kernels"][k] = {"fwd": fwd, "rev": rev, "ratio": fwd / rev}
    return row


def table(rows, fmt_time):
    lines = ["| n | Fluxion engine | " + " | ".join("%s jacfwd / jacrev (fwd ÷ rev)" % k for k in KERNELS) + " |",
             "|---|---|" + "---|" * len(KERNELS)]
    for r in rows:
        if "error" in r:
            lines.append("| %s | – | **failed**: %s |" % (r["name"], r["error"][:300]) + " |" * (len(KERNELS) - 1))
            continue
        engine = "interpreter (`--native` stopped with `%s`)" % r["engine_reason"].replace(ROOT + os.sep, "") \
            if r.get("engine") == "interpreter" else r.get("engine", "–")
        lines.append("| %d | %s | " % (r["n"], engine) +
                     " | ".join("%s / %s (%.3g)" % (fmt_time(c["fwd"]), fmt_time(c["rev"]), c["ratio"])
                                for c in (r["kernels"][k] for k in KERNELS)) + " |")
    largest = [r for r in rows if "error" not in r and r["n"] == 10000]
    if largest:
        ratio = largest[0]["kernels"]["dot"]["ratio"]
        lines += ["", "Goal: the jacfwd gradient of dot within %g× of reverse mode at n = 10⁴: %.3g, %s." %
                  (DOT_GOAL, ratio, "met" if ratio <= DOT_GOAL else "not met (%.3g× the goal)" % (ratio / DOT_GOAL))]
    else:
        lines += ["", "Goal: the jacfwd gradient of dot within %g× of reverse mode at n = 10⁴ (measured by the full run)." % DOT_GOAL]
    return lines
