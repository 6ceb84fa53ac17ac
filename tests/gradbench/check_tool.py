#!/usr/bin/python3
"""Drives bench/gradbench/tool through GradBench's protocol (GRADBENCH.md §1) as the eval
would, one session per eval: start, define, then for every golden example of
../shared/data/gradbench/<eval>.jsonl each function's evaluate followed by its analysis.
Checks every response: one strict-JSON line with the message's id, success, integer
"evaluate" timings honouring min_runs, the engine that ran it (the tool's `engine` field:
"native", or "interpreter" with the native back end's reason in `engine_reason`), and the output against the golden answer of GradBench's
reference implementation (same structure, every number within `|a-b| / max(1, |a|+|b|)` of
1e-9, 1e-4 for the iterative particle and saddle and for the RK4-versus-exact ode gradient).
Some evals also get a fresh random input checked against NumPy's closed forms (independent of
the golden files).

With --native, an evaluate that ran in the interpreter is a failure too: every eval's program
runs as native code (tests/CMakeLists.txt passes it), and a construct that stops being emitted
would otherwise send an eval back to the interpreter silently.

usage: check_tool.py [--native] TOOL DATA_DIR [EVAL...]   (run from the repository root)
"""
import json
import subprocess
import sys

import numpy as np

# --native: the programs must run as native code (main()).
REQUIRE_NATIVE = False
TIGHT = 1e-9
LOOSE = 1e-4


def strict_json(line):
    def reject(token):
        raise ValueError("non-JSON token %s" % token)
    return json.loads(line, parse_constant=reject)


def mismatches(got, want, tol, path="output"):
    """The places where got differs from want in structure or beyond tol (the §1.4 rule)."""
    if isinstance(want, dict):
        if not isinstance(got, dict) or set(got) != set(want):
            return ["%s: keys %s, expected %s" % (path, sorted(got) if isinstance(got, dict) else got, sorted(want))]
        return [m for k in want for m in mismatches(got[k], want[k], tol, "%s.%s" % (path, k))]
    if isinstance(want, list):
        if not isinstance(got, list) or len(got) != len(want):
            return ["%s: %s entries, expected %d" % (path, len(got) if isinstance(got, list) else got, len(want))]
        return [m for i, (g, w) in enumerate(zip(got, want)) for m in mismatches(g, w, tol, "%s[%d]" % (path, i))]
    if isinstance(got, bool) or not isinstance(got, (int, float)):
        return ["%s: %r is not a number" % (path, got)]
    if abs(got - want) / max(1.0, abs(got) + abs(want)) > tol:
        return ["%s: %r != %r" % (path, got, want)]
    return []


class Session:
    """One tool process, messages numbered from 0 as the eval numbers them."""

    def __init__(self, tool):
        self.proc = subprocess.Popen([tool], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.next_id = 0
        self.failures = []

    def send(self, msg):
        msg = dict(msg, id=self.next_id)
        self.next_id += 1
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line.endswith("\n"):
            raise SystemExit("no response to %s" % json.dumps(msg)[:200])
        response = strict_json(line)
        if response.get("id") != msg["id"]:
            raise SystemExit("response id %r to message %d" % (response.get("id"), msg["id"]))
        return response

    def fail(self, what):
        self.failures.append(what)
        print("FAIL", what)

    def close(self):
        self.proc.stdin.close()
        if self.proc.wait(timeout=60) != 0:
            self.fail("the tool exited with %d at end of input" % self.proc.returncode)
        return self.failures


def check_timings(session, label, response, min_runs):
    timings = response.get("timings", [])
    for t in timings:
        if not isinstance(t.get("name"), str) or type(t.get("nanoseconds")) is not int or t["nanoseconds"] < 0:
            session.fail("%s: bad timing %r" % (label, t))
    runs = sum(1 for t in timings if t["name"] == "evaluate")
    if runs < min_runs:
        session.fail("%s: %d evaluate timings, min_runs %d" % (label, runs, min_runs))


def check_engine(session, label, response):
    """The tool's extra fields: which engine ran the program, and for the interpreter the
    native back end's error that declined it (a fallback is never silent)."""
    engine = response.get("engine")
    if engine == "native":
        return
    if REQUIRE_NATIVE:
        session.fail("%s: ran in the interpreter, expected native code: %r" % (label, response.get("engine_reason")))
        return
    if engine != "interpreter":
        session.fail("%s: engine %r, expected native or interpreter" % (label, engine))
    elif "the native back end does not support" not in response.get("engine_reason", ""):
        session.fail("%s: runs in the interpreter without the back end's reason: %r" %
                     (label, response.get("engine_reason")))


def evaluate(session, module, function, value, description, want, tol, min_runs=1):
    label = "%s %s %s" % (module, description, function)
    response = session.send({"kind": "evaluate", "module": module, "function": function, "input": value,
                             "description": description})
    if response.get("success") is not True or "error" in response or "output" not in response:
        session.fail("%s: %s" % (label, response.get("error", response)))
        return None
    check_timings(session, label, response, min_runs)
    check_engine(session, label, response)
    found = mismatches(response["output"], want, tol)
    for m in found[:10]:
        session.fail("%s: %s" % (label, m))
    if not found:
        print("ok  ", label)
    analysis = session.send({"kind": "analysis", "of": session.next_id - 1, "valid": not found})
    if set(analysis) != {"id"}:
        session.fail("%s: analysis answered with %r" % (label, analysis))
    return response["output"]


def tolerance(module, function, value):
    if module in ("particle", "saddle"):
        return LOOSE
    if module == "ode" and function == "gradient" and len(value["x"]) <= 4 * value["s"]:
        return LOOSE   # the golden gradient is the exact ODE's, ours the RK4 scheme's (§2.7)
    return TIGHT


# Fresh inputs and their answers by NumPy's closed forms (GRADBENCH.md §2.6, 2.8-2.10).
def independent_cases(module, rng):
    if module == "lse":
        x = rng.uniform(-3, 3, 40)
        e = np.exp(x - x.max())
        return [({"x": x.tolist()}, {"primal": float(np.log(e.sum()) + x.max()), "gradient": (e / e.sum()).tolist()})]
    if module == "llsq":
        n, m = 9, 4
        x = rng.uniform(-1, 1, m)
        t = -1 + 2 * np.arange(n) / (n - 1)
        powers = t[:, None] ** np.arange(m)
        r = np.sign(t) - powers @ x
        return [({"x": x.tolist(), "n": n}, {"primal": float(0.5 * r @ r), "gradient": (-(powers.T @ r)).tolist()})]
    if module == "det":
        a = rng.uniform(0, 1, (4, 4))
        cofactors = np.linalg.det(a) * np.linalg.inv(a).T
        return [({"A": a.reshape(-1).tolist(), "ell": 4},
                 {"primal": float(np.linalg.det(a)), "gradient": cofactors.reshape(-1).tolist()})]
    if module == "kmeans":
        points = rng.uniform(0, 1, (30, 2))
        centroids = points[-4:]
        nearest = ((points[:, None, :] - centroids[None]) ** 2).sum(2).argmin(1)
        cost = ((points - centroids[nearest]) ** 2).sum()
        direction = [centroids[j] - points[nearest == j].mean(0) for j in range(4)]
        return [({"points": points.tolist(), "centroids": centroids.tolist()},
                 {"cost": float(cost), "dir": np.array(direction).tolist()})]
    return []


def run_eval(tool, data_dir, module):
    session = Session(tool)
    start = session.send({"kind": "start", "eval": module})
    if start.get("tool") != "fluxion":
        session.fail("start answered with %r" % start)
    defined = session.send({"kind": "define", "module": module})
    if defined.get("success") is not True or "error" in defined:
        session.fail("define %s: %r" % (module, defined))
        return session.close()
    check_timings(session, "define", defined, 0)
    with open("%s/%s.jsonl" % (data_dir, module)) as f:
        cases = [json.loads(line) for line in f if line.strip()]
    for case in cases:
        for function, want in case["expected"].items():
            evaluate(session, module, function, case["input"], case["description"], want,
                     tolerance(module, function, case["input"]))
    for value, answers in independent_cases(module, np.random.default_rng(17)):
        value = dict(value, min_runs=3, min_seconds=0)   # and min_runs is honoured
        for function, want in answers.items():
            evaluate(session, module, function, value, "numpy", want, TIGHT, min_runs=3)
    return session.close()


def run_protocol_edges(tool):
    """An eval the tool does not know is undefined, not an error; the session goes on."""
    session = Session(tool)
    session.send({"kind": "start"})
    r = session.send({"kind": "define", "module": "no_such_eval"})
    if r.get("success") is not False:
        session.fail("define of an unknown module answered %r" % r)
    return session.close()


def main():
    global REQUIRE_NATIVE
    args = sys.argv[1:]
    if args[:1] == ["--native"]:
        REQUIRE_NATIVE = True
        args = args[1:]
    tool, data_dir = args[0], args[1]
    modules = args[2:] or ["hello", "gmm", "lstm", "ba", "ht", "kmeans", "ode", "llsq", "lse", "det",
                               "particle", "saddle"]
    failures = run_protocol_edges(tool)
    for module in modules:
        failures += run_eval(tool, data_dir, module)
    print("%d failures" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
