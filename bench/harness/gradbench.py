"""§F of BENCHMARKS.md: the GradBench tool (bench/gradbench/tool) driven through its protocol on
the golden examples of ../shared/data/gradbench (small inputs, not the nightly's workloads), with
GradBench's score: the mean of the "evaluate" timings of each response, and derivative ÷ primal
per workload, geometric mean per eval; particle and saddle report milliseconds per variant.
Every output is checked against the golden one (§1.4's rule) before its timings count."""
import json
import math
import os
import subprocess

from . import runner
from .workloads import ROOT

DATA = os.path.normpath(os.path.join(ROOT, "..", "shared", "data", "gradbench"))
PAIRS = {"gmm": ("objective", "jacobian"), "lstm": ("objective", "jacobian"), "ba": ("objective", "jacobian"),
         "ht": ("objective", "jacobian"), "kmeans": ("cost", "dir"), "ode": ("primal", "gradient"),
         "llsq": ("primal", "gradient"), "lse": ("primal", "gradient"), "det": ("primal", "gradient")}
NESTED = ("particle", "saddle")
# BENCHMARKS.md §F: D/P goals (particle and saddle: all four variants valid).
GOALS = {"gmm": 2.0, "lstm": 2.0, "ba": 5.0, "ht": 5.0, "kmeans": 1.45, "ode": 2.0, "llsq": 1.15, "lse": 1.15,
         "det": 2.5}


def matches(got, want):
    if isinstance(want, dict):
        return isinstance(got, dict) and set(got) == set(want) and all(matches(got[k], want[k]) for k in want)
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(matches(g, w) for g, w in zip(got, want))
    return isinstance(got, (int, float)) and abs(got - want) / max(1.0, abs(got) + abs(want)) <= 1e-4


class Tool:
    def __init__(self, fluxion):
        self.proc = subprocess.Popen([os.path.join(ROOT, "bench", "gradbench", "tool")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     env=dict(runner.ENV, FLUXION=fluxion))
        self.next_id = 0

    def send(self, msg):
        msg = dict(msg, id=self.next_id)
        self.next_id += 1
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def mean_evaluate(tool, module, function, case, min_runs, min_seconds, engines):
    """The mean evaluate time of one validated response; adds the engine that ran it (the tool's
    `engine` field, with the interpreter's reason) to the set `engines`."""
    value = dict(case["input"], min_runs=min_runs, min_seconds=min_seconds)
    r = tool.send({"kind": "evaluate", "module": module, "function": function, "input": value,
                   "description": case["description"]})
    if not r.get("success") or not matches(r["output"], case["expected"][function]):
        raise runner.RunError("%s %s %s: %s" % (module, case["description"], function, r.get("error", "invalid output")))
    tool.send({"kind": "analysis", "of": tool.next_id - 1, "valid": True})
    engines.add(r.get("engine", "?") + (" (`%s`)" % r["engine_reason"].replace(ROOT + os.sep, "")
                                        if r.get("engine_reason") else ""))
    times = [t["nanoseconds"] * 1e-9 for t in r["timings"] if t["name"] == "evaluate"]
    return sum(times) / len(times)


def run_eval(fluxion, module, min_runs, min_seconds):
    with open(os.path.join(DATA, module + ".jsonl")) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    tool = Tool(fluxion)
    try:
        tool.send({"kind": "start", "eval": module})
        if not tool.send({"kind": "define", "module": module}).get("success"):
            raise runner.RunError("define %s failed" % module)
        engines = set()
        if module in NESTED:
            case = cases[0]
            variants = {v: mean_evaluate(tool, module, v, case, min_runs, min_seconds, engines)
                        for v in ("rr", "ff", "fr", "rf")}
            return {"name": module, "variants": variants, "engine": ", ".join(sorted(engines))}
        primal, derivative = PAIRS[module]
        ratios = []
        for case in cases:
            p = mean_evaluate(tool, module, primal, case, min_runs, min_seconds, engines)
            d = mean_evaluate(tool, module, derivative, case, min_runs, min_seconds, engines)
            ratios.append(d / p)
        gm = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
        return {"name": module, "ratio": gm, "workloads": len(cases), "goal": GOALS[module],
                "engine": ", ".join(sorted(engines))}
    finally:
        tool.close()


def table(rows, fmt_time):
    lines = ["| eval | Fluxion D/P (geometric mean over the golden inputs) | goal | | notes | engine |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        if "error" in r:
            lines.append("| %s | **failed**: %s | | | | |" % (r["name"], r["error"][:300]))
        elif "variants" in r:
            lines.append("| %s | – | all four variants valid | met | %s per call | %s |" % (
                r["name"], ", ".join("%s %s" % (v, fmt_time(t)) for v, t in r["variants"].items()),
                r.get("engine", "?")))
        else:
            verdict = "met" if r["ratio"] <= r["goal"] else "not met (%.3g× the goal)" % (r["ratio"] / r["goal"])
            lines.append("| %s | %.3g | ≤ %g | %s | %d golden inputs | %s |" % (
                r["name"], r["ratio"], r["goal"], verdict, r["workloads"], r.get("engine", "?")))
    lines += ["", "These are GradBench's golden examples (small inputs), not the nightly's default workloads, so "
              "the ratios are indicative only; every output was validated before its timings counted."]
    return lines
