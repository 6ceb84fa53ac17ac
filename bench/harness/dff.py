"""§C of BENCHMARKS.md, the dF~ micro-benchmarks and applications: each derivative by forward
mode (jacfwd) and by reverse mode (jacrev) in Fluxion, checked against each other (and against
the closed forms where there are some), and the forward ÷ reverse time. The goal: the jacfwd
gradient of dot within 2x of reverse mode at n = 10^4 (without loop normalisation it is
O(n^2)). The applications (bench/dff/apps.fx) have no goal of their own: the paper shows
forward mode of NNMF's gradient made as fast as reverse mode by loop normalisation, and forward
mode winning on the BA projection's tall Jacobian (11 directions against 2n)."""
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


APPS = ("nnmf", "ba_project")


def apps_closed_forms(n):
    """NNMF's gradient with respect to u: d/du_i of sum_ij log(u_i v_j) + A_ij / (u_i v_j)."""
    i = np.arange(n, dtype=float)
    u, v = 1.5 + np.sin(0.37 * i), 1.5 + np.cos(0.23 * i)
    a = 1.0 + 0.5 * np.sin(0.11 * np.outer(i, i) + 0.3)
    return {"nnmf": n / u - (a / v[None, :]).sum(axis=1) / u ** 2}


def run_both_modes(fluxion, program_name, kernels, want, n, min_runs, min_seconds):
    """Runs bench/dff/PROGRAM at size n; checks forward against reverse mode (and `want`, the
    closed forms it has) and returns the row: forward and reverse time of each kernel."""
    names = ["%s_%s" % (k, mode) for k in kernels for mode in ("fwd", "rev")]
    program = os.path.join(ROOT, "bench", "dff", program_name)
    # One run does both the check and the timing; natively where supported (harness/engine.py).
    ran_by, (timings, results, _) = engine.first_that_runs(
        lambda flag: runner.run([fluxion, "run", flag, program], [str(n)], names, min_runs, min_seconds, 1800))
    row = dict({"name": "n=%d" % n, "n": n, "kernels": {}}, **ran_by.record())
    for k in kernels:
        fwd_result, rev_result = results[k + "_fwd"], results[k + "_rev"]
        err = runner.relative_error(fwd_result, rev_result.reshape(fwd_result.shape))
        if k in want:
            err = max(err, max(runner.relative_error(r.reshape(want[k].shape), want[k]) for r in (fwd_result, rev_result)))
        if err > 1e-8:
            raise runner.RunError("%s at n=%d: forward mode, reverse mode and the closed form differ by %.3g" % (k, n, err))
        fwd = runner.median_after_warmup(timings[k + "_fwd"])
        rev = runner.median_after_warmup(timings[k + "_rev"])
        row["kernels"][k] = {"fwd": fwd, "rev": rev, "ratio": fwd / rev}
    return row


def run_micro(fluxion, n, min_runs, min_seconds):
    return run_both_modes(fluxion, "micro.fx", KERNELS, closed_forms(n), n, min_runs, min_seconds)


def run_apps(fluxion, n, min_runs, min_seconds):
    return run_both_modes(fluxion, "apps.fx", APPS, apps_closed_forms(n), n, min_runs, min_seconds)


def modes_table(rows, kernels, fmt_time):
    lines = ["| n | Fluxion engine | " + " | ".join("%s jacfwd / jacrev (fwd ÷ rev)" % k for k in kernels) + " |",
             "|---|---|" + "---|" * len(kernels)]
    for r in rows:
        if "error" in r:
            lines.append("| %s | – | **failed**: %s |" % (r["name"], r["error"][:300]) + " |" * (len(kernels) - 1))
            continue
        engine = "interpreter (`--native` stopped with `%s`)" % r["engine_reason"].replace(ROOT + os.sep, "") \
            if r.get("engine") == "interpreter" else r.get("engine", "–")
        lines.append("| %d | %s | " % (r["n"], engine) +
                     " | ".join("%s / %s (%.3g)" % (fmt_time(c["fwd"]), fmt_time(c["rev"]), c["ratio"])
                                for c in (r["kernels"][k] for k in kernels)) + " |")
    return lines


def apps_table(rows, fmt_time):
    return modes_table(rows, APPS, fmt_time) + [
        "", "nnmf: the gradient of a scalar of n inputs (forward mode takes n directions); ba_project: the "
        "Jacobian of 2n projections with respect to one camera's 11 parameters (reverse mode takes 2n rows). "
        "No goal of their own (BENCHMARKS.md §C)."]


def table(rows, fmt_time):
    lines = modes_table(rows, KERNELS, fmt_time)
    largest = [r for r in rows if "error" not in r and r["n"] == 10000]
    if largest:
        ratio = largest[0]["kernels"]["dot"]["ratio"]
        lines += ["", "Goal: the jacfwd gradient of dot within %g× of reverse mode at n = 10⁴: %.3g, %s." %
                  (DOT_GOAL, ratio, "met" if ratio <= DOT_GOAL else "not met (%.3g× the goal)" % (ratio / DOT_GOAL))]
    else:
        lines += ["", "Goal: the jacfwd gradient of dot within %g× of reverse mode at n = 10⁴ (measured by the full run)." % DOT_GOAL]
    return lines
