#!/usr/bin/env python3
"""Property test: one closure called at several signatures, differentiated in every mode.

Usage: closure_signatures_test.py FLUXION [--seed N] [--count N] [--keep DIR] [--verbose]

A function value is built once but may be called at several signatures (an i64, an f64, a
tensor, a tuple); each call must run, and each derivative must differentiate, the clone typed
for that call (the specialiser's closure_at, docs/ad.md §1). A value that pointed at the clone
of another signature gave wrong derivatives without an error (the i64 clone looks constant).

From a seed, each case builds one closure -- a lambda, a nested def, a nested def calling
another one, or one of two lambdas chosen at run time, capturing an f64 and an i64 local --
with a random body, and calls it through a
higher-order helper at two or three signatures in a random order:
  * i64 (a plain value, checked against Python),
  * f64: grad (reverse), jvp (forward), grad(grad(.)) and derivative(grad(.)) (nested),
  * a vector: grad of the sum and jvp in a random direction,
  * a tuple (f64, f64), for bodies that index their argument: grad of the result.
Every derivative is checked against a central finite difference of what the program itself
computes (the nested ones against the difference of the first derivative), and forward against
reverse mode. Prints `N passed, N failed` and exits non-zero on failure; a failure names the
seed and the case, which `--seed S --count N --keep DIR` reproduces.
"""

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile

FD_STEP = 1e-6
TOL_FD = 1e-5
TOL_MODES = 1e-9
MAGNITUDE_LIMIT = 1e6
CASES_PER_FILE = 6  # each closure is its own type: the helpers get ~4 clones per case, 64 at most
TIMEOUT_S = 300 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


def lit(v):
    text = repr(float(v))
    return f"({text})" if text.startswith("-") else text


def close(a, b, tol):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


# --------------------------------------------------------------------------- bodies
# A body is rendered as Fluxion source over `v` and the captured `c` (f64) and `m` (i64).
# Scalar bodies work elementwise on i64, f64 and tensors alike; indexed bodies read v[0]
# and v[1] (a tuple or a vector).
UNARY = ["sin", "cos", "tanh"]


def scalar_body(rng, depth, leaf):
    if depth == 0 or rng.random() < 0.25:
        return rng.choice([leaf, leaf, "c", "m", lit(round(rng.uniform(-2, 2), 2))])
    kind = rng.random()
    if kind < 0.3:
        return f"{rng.choice(UNARY)}({scalar_body(rng, depth - 1, leaf)})"
    if kind < 0.4:
        return f"exp(0.25 * {scalar_body(rng, depth - 1, leaf)})"
    op = rng.choice(["+", "-", "*", "*"])
    return f"({scalar_body(rng, depth - 1, leaf)} {op} {scalar_body(rng, depth - 1, leaf)})"


def make_body(rng, indexed):
    if not indexed:
        body = scalar_body(rng, 3, "v")
        # Make sure the argument is used (and nonlinearly, most of the time).
        return f"({body}) * v" if rng.random() < 0.6 else f"{body} + v * v"
    a = scalar_body(rng, 2, "v[0]")
    b = scalar_body(rng, 2, "v[1]")
    return f"({a}) * v[1] + ({b}) * v[0]"


def closure_lines(rng, k, body, other_body):
    """Lines (indented by 4) defining `f{k}` in main's scope, and the form's name. `one_of` is
    one of two lambdas chosen at run time (`body` when c > 0, else `other_body`): a value of a
    Union of closures, switched to the clones of each call's signature like a single one."""
    form = rng.choice(["lambda", "def", "def_calling_def", "one_of"])
    if form == "one_of":  # (both f64 at the i64 signature: a union's members return one type)
        return [f"    f{k} = (lambda v: ({body}) * 1.0) if c > 0.0 else (lambda v: ({other_body}) * 1.0)"], form
    if form == "lambda":
        return [f"    f{k} = lambda v: {body}"], form
    if form == "def":
        return [f"    def f{k}(v):", f"        return {body}"], form
    return [f"    def inner{k}(v):", f"        return {body}",
            f"    def f{k}(v):", f"        return inner{k}(v) * 1.0"], form


# --------------------------------------------------------------------------- cases
class Case:
    def __init__(self, rng, k):
        self.k = k
        self.indexed = rng.random() < 0.3
        self.body = make_body(rng, self.indexed)
        self.c = round(rng.uniform(-1.5, 1.5), 3)
        self.m = rng.choice([-2, -1, 1, 2, 3])
        self.x0 = round(rng.uniform(-1.2, 1.2), 3)
        self.vec = [round(rng.uniform(-1.2, 1.2), 3) for _ in range(rng.choice([2, 3]))]
        self.dir = [round(rng.uniform(-1, 1), 3) for _ in self.vec]
        self.pair = (round(rng.uniform(-1.2, 1.2), 3), round(rng.uniform(-1.2, 1.2), 3))
        self.other_body = make_body(rng, self.indexed)
        self.lines, self.form = closure_lines(rng, self.k, self.body, self.other_body)
        self.calls = self.make_calls(rng)

    def make_calls(self, rng):
        k, h = self.k, FD_STEP
        app = f"through{k % 3}"
        fx = f"lambda x: {app}(f{k}, x)"
        calls = []
        if self.indexed:
            vec2 = self.vec[:2]
            vlit = "[" + ", ".join(lit(x) for x in vec2) + "]"
            a, b = self.pair
            calls.append(["    print(%d, \"int\", %s(f%d, (2, 3)))" % (k, app, k)])
            calls.append(["    g = grad(%s)((%s, %s))" % (fx, lit(a), lit(b)),
                          "    print(%d, \"tuple_rev\", g[0], g[1])" % k,
                          "    print(%d, \"tuple_fd\", %s(f%d, (%s, %s)), %s(f%d, (%s, %s)), %s(f%d, (%s, %s)), %s(f%d, (%s, %s)))"
                          % (k, app, k, lit(a + h), lit(b), app, k, lit(a - h), lit(b),
                             app, k, lit(a), lit(b + h), app, k, lit(a), lit(b - h))])
            calls.append(["    gv = grad(%s)(%s)" % (fx, vlit),
                          "    print(%d, \"vec_rev\", gv[0], gv[1])" % k,
                          "    print(%d, \"vec_fd\", %s(f%d, %s), %s(f%d, %s), %s(f%d, %s), %s(f%d, %s))"
                          % (k, app, k, "[%s, %s]" % (lit(vec2[0] + h), lit(vec2[1])),
                             app, k, "[%s, %s]" % (lit(vec2[0] - h), lit(vec2[1])),
                             app, k, "[%s, %s]" % (lit(vec2[0]), lit(vec2[1] + h)),
                             app, k, "[%s, %s]" % (lit(vec2[0]), lit(vec2[1] - h)))])
        else:
            x0 = self.x0
            calls.append(["    print(%d, \"int\", %s(f%d, %d))" % (k, app, k, self.m + 1)])
            calls.append(["    print(%d, \"rev\", grad(%s)(%s))" % (k, fx, lit(x0)),
                          "    print(%d, \"fwd\", jvp(%s, (%s,), (1.0,))[1])" % (k, fx, lit(x0)),
                          "    print(%d, \"fd\", %s(f%d, %s), %s(f%d, %s))"
                          % (k, app, k, lit(x0 + h), app, k, lit(x0 - h))])
            calls.append(["    print(%d, \"rev2\", grad(grad(%s))(%s))" % (k, fx, lit(x0)),
                          "    print(%d, \"fwd2\", derivative(grad(%s))(%s))" % (k, fx, lit(x0)),
                          "    print(%d, \"fd2\", grad(%s)(%s), grad(%s)(%s))"
                          % (k, fx, lit(x0 + h), fx, lit(x0 - h))])
            vlit = "[" + ", ".join(lit(x) for x in self.vec) + "]"
            dlit = "[" + ", ".join(lit(x) for x in self.dir) + "]"
            plus = "[" + ", ".join(lit(x + h * d) for x, d in zip(self.vec, self.dir)) + "]"
            minus = "[" + ", ".join(lit(x - h * d) for x, d in zip(self.vec, self.dir)) + "]"
            sx = f"lambda v: sum({app}(f{k}, v))"
            calls.append(["    print(%d, \"vec_dir\", dot(grad(%s)(%s), %s))" % (k, sx, vlit, dlit),
                          "    print(%d, \"vec_fwd\", jvp(%s, (%s,), (%s,))[1])" % (k, sx, vlit, dlit),
                          "    print(%d, \"vec_fd\", sum(%s(f%d, %s)), sum(%s(f%d, %s)))"
                          % (k, app, k, plus, app, k, minus)])
        rng.shuffle(calls)
        return calls

    def source(self):
        out = [f"def case{self.k}():", f"    c = {lit(self.c)}", f"    m = {self.m}"]
        out += self.lines
        for call in self.calls:
            out += call
        return out

    def int_value(self):
        env = {"c": self.c, "m": self.m, "sin": math.sin, "cos": math.cos, "tanh": math.tanh, "exp": math.exp}
        env["v"] = (2, 3) if self.indexed else self.m + 1
        body = self.other_body if self.form == "one_of" and self.c <= 0.0 else self.body
        return eval(body, env)  # the body's Fluxion text is Python too

    def check(self, rows):
        """A list of problems (empty when the case passes)."""
        problems = []

        def bad(what):
            problems.append(f"case {self.k} ({self.form}, body {self.body}): {what}")

        def finite(*xs):
            return all(math.isfinite(x) and abs(x) < MAGNITUDE_LIMIT for x in xs)

        def fd(plus, minus):
            return (plus - minus) / (2 * FD_STEP)

        want = self.int_value()
        got = rows.get("int")
        if got is None or not close(got[0], want, 1e-12):
            bad(f"value at i64: got {got}, Python says {want}")
        if self.indexed:
            for tag, fd_tag in (("tuple_rev", "tuple_fd"), ("vec_rev", "vec_fd")):
                g, p = rows.get(tag), rows.get(fd_tag)
                if g is None or p is None:
                    bad(f"missing {tag}")
                    continue
                d = [fd(p[0], p[1]), fd(p[2], p[3])]
                if finite(*g, *d) and not all(close(a, b, TOL_FD) for a, b in zip(g, d)):
                    bad(f"{tag} {g} vs finite difference {d}")
            return problems
        rev, fwd, p = rows.get("rev"), rows.get("fwd"), rows.get("fd")
        rev2, fwd2, p2 = rows.get("rev2"), rows.get("fwd2"), rows.get("fd2")
        vd, vf, vp = rows.get("vec_dir"), rows.get("vec_fwd"), rows.get("vec_fd")
        if None in (rev, fwd, p, rev2, fwd2, p2, vd, vf, vp):
            bad(f"missing output: {sorted(rows)}")
            return problems
        for name, r, f, d in (("f64", rev[0], fwd[0], fd(*p)), ("f64 second order", rev2[0], fwd2[0], fd(*p2)),
                              ("vector", vd[0], vf[0], fd(*vp))):
            if not finite(r, f, d):
                continue
            if not close(r, f, TOL_MODES):
                bad(f"{name}: reverse {r} vs forward {f}")
            if not close(r, d, TOL_FD):
                bad(f"{name}: derivative {r} vs finite difference {d}")
        return problems


def program(cases):
    # Three helpers, so that the call sites differ from case to case.
    lines = ["def through0(f, x):", "    return f(x)", "",
             "def through1(f, x):", "    return through0(f, x)", "",
             "def through2(f, x):", "    y = f(x)", "    return y", ""]
    for case in cases:
        lines += case.source() + [""]
    lines.append("def main():")
    lines += [f"    case{case.k}()" for case in cases]
    return "\n".join(lines) + "\n"


def parse(stdout):
    rows = {}
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        rows.setdefault(int(parts[0]), {})[parts[1]] = [float(x) for x in parts[2:]]
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fluxion")
    ap.add_argument("--seed", type=int, default=20261125)
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--keep", help="write the generated programs into this directory")
    ap.add_argument("--verbose", action="store_true")
    # Each file compiles to ~5000 lines of C (1-3 s of cc on a cold cache): the first files run
    # natively, the rest in the interpreter, so the test fits CI's time; native/differential
    # compares the engines on the language tests.
    ap.add_argument("--native-files", type=int, default=10,
                    help="files run with the default engine (native); the rest with --interp")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    cases = [Case(rng, k) for k in range(args.count)]
    workdir = args.keep or tempfile.mkdtemp(prefix="fx-signatures-")
    os.makedirs(workdir, exist_ok=True)
    passed = failed = 0
    forms = {}
    for start in range(0, len(cases), CASES_PER_FILE):
        batch = cases[start:start + CASES_PER_FILE]
        path = os.path.join(workdir, f"signatures_{start // CASES_PER_FILE}.fx")
        with open(path, "w") as f:
            f.write(program(batch))
        engine = [] if start // CASES_PER_FILE < args.native_files else ["--interp"]
        proc = subprocess.run([args.fluxion, "run", "--grad-mode=reverse", *engine, path], capture_output=True, text=True, timeout=TIMEOUT_S)
        if proc.returncode != 0:
            print(f"FAIL {path} (seed {args.seed}): exit {proc.returncode}\n{proc.stderr[-2000:]}")
            failed += len(batch)
            continue
        rows = parse(proc.stdout)
        for case in batch:
            problems = case.check(rows.get(case.k, {}))
            forms[case.form] = forms.get(case.form, 0) + 1
            if problems:
                failed += 1
                for p in problems:
                    print(f"FAIL seed {args.seed}, {p}  (rerun: --seed {args.seed} --count {args.count} --keep DIR)")
            else:
                passed += 1
                if args.verbose:
                    print(f"ok case {case.k}: {case.body}")
    indexed = sum(1 for c in cases if c.indexed)
    print(f"closure forms: {forms}; {indexed} cases index their argument (tuple and vector), "
          f"{len(cases) - indexed} take i64, f64 and a vector")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
