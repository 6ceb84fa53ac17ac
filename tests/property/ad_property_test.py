#!/usr/bin/env python3
"""Property test for Fluxion's automatic differentiation on random scalar programs.

Usage: ad_property_test.py FLUXION [--seed N] [--count N] [--batch N] [--keep DIR]
                                   [--primal-only] [--compare-unoptimised] [--verbose]

From a fixed seed it generates random, well-typed scalar functions f(x) and f(x, y) that mix
arithmetic on safe domains, if/elif/else on data comparisons, while loops with data-dependent
exits, for loops with break/continue, helper functions, closures capturing locals (lambdas and
nested defs) and recursion with an integer depth argument. For each function and a chosen point
it checks, in a Fluxion program of ~50 functions per file (few processes):

  * forward and reverse mode agree: grad(f) vs jvp(f, ..., unit tangent)   (1e-9 relative)
  * both agree with a central finite difference, h = 1e-6                   (1e-5 relative)
  * both agree with an independent reference: the same source run as Python by fxref.py,
    whose own AD differentiates it                                          (1e-8 relative)
  * the primal value agrees with the Python evaluation of the same source   (1e-12 relative)

Points are chosen away from branch switches: the generator evaluates an instrumented Python
rendering of each function at x0 and at x0 +- 1e-4 (each coordinate) and only keeps points where
every comparison, abs/relu/maximum/minimum decision and floor value is the same (the "path
signature"); it also rejects points whose values or derivatives are huge or not finite, or where
the Python finite difference itself is inaccurate (ill-conditioned), so that a disagreement
points at Fluxion. A forward/reverse disagreement is always a failure; finite-difference
disagreements are tolerated for at most 1% of the functions and reported.

--primal-only checks only f(x0) against Python (validates the generator without AD).
--compare-unoptimised also runs every batch with the optimiser off (--opt=0, docs/opt.md): the
optimiser's rewrites are exact, so the primal value must print the very same digits. The
derivatives are built (at run time) from the optimised program, whose reverse pass may add the
same cotangent contributions in another order (a value CSE merged is read once, an inlined call
no longer sums at its boundary): they must agree to TOL_OPTIMISED, with 0.0 equal to -0.0.
Prints `N passed, N failed` and exits non-zero on failure. Python standard library only.
"""

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fxref  # noqa: E402  (the Python reference evaluator beside this file)

FD_STEP = 1e-6
SWITCH_MARGIN = 1e-4
MAGNITUDE_LIMIT = 1e4
TOL_FWD_REV = 1e-9
TOL_REFERENCE = 1e-8
TOL_FD = 1e-5
TOL_PRIMAL = 1e-12
TOL_OPTIMISED = 1e-13
FD_FAILURE_BUDGET = 0.01
TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


def close(a, b, tol):
    if math.isnan(a) or math.isnan(b):
        return False
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def lit(v):
    """A float literal both Fluxion and Python read back exactly."""
    text = repr(float(v))
    return f"({text})" if text.startswith("-") else text


# --------------------------------------------------------------------------- expressions
# Every node renders twice: as Fluxion source (also run as Python by fxref) and as an
# instrumented Python rendering that records the path signature.
class E:
    def fx(self):
        raise NotImplementedError

    def uses_var(self):
        """Whether the value can depend on a differentiable variable."""
        return any(a.uses_var() for a in getattr(self, "args", ()))

    def sig(self):
        raise NotImplementedError


class Var(E):
    def __init__(self, name):
        self.name = name

    def uses_var(self):
        return not self.name.startswith("float(")

    def fx(self):
        return self.name

    sig = fx


class Const(E):
    def __init__(self, v):
        self.v = v

    def fx(self):
        return lit(self.v)

    sig = fx


class Int(E):
    def __init__(self, v):
        self.v = v

    def fx(self):
        return str(self.v)

    sig = fx


class Call(E):
    """fn(args...) where fn is a primitive, a helper or a closure."""

    def __init__(self, fn, args, sig_fn=None):
        self.fn, self.args, self.sig_fn = fn, args, sig_fn

    def fx(self):
        return f"{self.fn}({', '.join(a.fx() for a in self.args)})"

    def sig(self):
        return f"{self.sig_fn or self.fn}({', '.join(a.sig() for a in self.args)})"


class Raw(E):
    """A template over sub-expressions: '{0} * {0}' etc."""

    def __init__(self, template, args, sig_template=None):
        self.template, self.args = template, args
        self.sig_template = sig_template or template

    def fx(self):
        return "(" + self.template.format(*[a.fx() for a in self.args]) + ")"

    def sig(self):
        return "(" + self.sig_template.format(*[a.sig() for a in self.args]) + ")"


class Cond:
    def __init__(self, lhs, op, rhs, conj=None, other=None):
        self.lhs, self.op, self.rhs, self.conj, self.other = lhs, op, rhs, conj, other

    def fx(self):
        text = f"{self.lhs.fx()} {self.op} {self.rhs.fx()}"
        if self.conj:
            text += f" {self.conj} {self.other.fx()}"
        return text

    def sig(self):
        text = f"_c({self.lhs.sig()} {self.op} {self.rhs.sig()})"
        if self.conj:
            text += f" {self.conj} {self.other.sig()}"
        return text


# --------------------------------------------------------------------------- generator
class FunctionGen:
    """Generates one random function f{fid} (plus its helpers) over float parameters."""

    def __init__(self, rng, fid, nargs):
        self.rng = rng
        self.fid = fid
        self.params = ["x", "y"][:nargs]
        self.name = f"f{fid}"
        self.defs = []            # (fx lines, sig lines) of top-level helpers
        self.counter = 0
        self.helpers = []         # names of one-argument helpers
        self.rec = None           # name of the recursive helper

    def fresh(self, prefix):
        self.counter += 1
        return f"{prefix}{self.counter}"

    # ---- expressions
    def const(self, lo=-2.0, hi=2.0):
        return Const(round(self.rng.uniform(lo, hi), 2))

    def leaf(self, pool):
        if self.rng.random() < 0.8:
            return Var(self.rng.choice(pool))
        return self.const()

    def vexpr(self, pool, depth=2, allow_calls=True):
        """An expression that depends on at least one variable (constant-only expressions
        would make most functions constant)."""
        for _ in range(20):
            e = self.expr(pool, depth, allow_calls)
            if e.uses_var():
                return e
        return Var(self.rng.choice([p for p in pool if not p.startswith("float(")]))

    def expr(self, pool, depth=2, allow_calls=True):
        r = self.rng.random()
        if depth <= 0 or r < 0.15:
            return self.leaf(pool)
        sub = lambda: self.expr(pool, depth - 1, allow_calls)  # noqa: E731
        choice = self.rng.choices(
            ["add", "sub", "mul", "sdiv", "unary", "square", "cube", "kink", "maxmin",
             "helper", "rec", "floor"],
            weights=[14, 10, 12, 5, 22, 5, 2, 4, 4, 6 if allow_calls else 0,
                     3 if allow_calls else 0, 1])[0]
        if choice == "add":
            return Raw("{0} + {1}", [sub(), sub()])
        if choice == "sub":
            return Raw("{0} - {1}", [sub(), sub()])
        if choice == "mul":
            return Raw("{0} * {1}", [sub(), sub()])
        if choice == "sdiv":   # denominators bounded away from zero
            return Raw("{0} / (1.0 + {1} * {1})", [sub(), self.leaf(pool)])
        if choice == "square":
            return Raw("{0} * {0}", [self.leaf(pool)])
        if choice == "cube":
            return Raw("{0} ** 3", [Raw("0.5 * tanh({0})", [sub()])])
        if choice == "unary":
            kind = self.rng.choice(["sin", "cos", "tanh", "sigmoid", "softplus", "exp",
                                    "log", "sqrt", "atan_like", "expm1", "log1p"])
            a = sub()
            if kind == "exp":      # bounded argument
                return Call("exp", [Call("tanh", [a])])
            if kind == "expm1":
                return Call("expm1", [Call("sin", [a])])
            if kind == "log":
                return Raw("log(1.0 + {0} * {0})", [a])
            if kind == "log1p":
                return Call("log1p", [Call("sigmoid", [a])])
            if kind == "sqrt":
                return Raw("sqrt(1.0 + {0} * {0})", [a])
            if kind == "atan_like":
                return Raw("{0} / sqrt(1.0 + {0} * {0})", [a])
            return Call(kind, [a])
        if choice == "kink":
            kind = self.rng.choice(["abs", "relu"])
            return Call(kind, [sub()], sig_fn="_" + kind)
        if choice == "maxmin":
            kind = self.rng.choice(["maximum", "minimum", "max", "min"])
            return Call(kind, [sub(), sub()], sig_fn="_" + kind)
        if choice == "floor":
            return Raw("{0} * floor({1})", [sub(), Raw("0.5 * {0}", [self.leaf(pool)])],
                       sig_template="{0} * _floor({1})")
        if choice == "helper":
            return Call(self.helper(), [sub()])
        if choice == "rec":
            return Call(self.recursive(), [sub(), Int(self.rng.randint(0, 5))])
        raise AssertionError(choice)

    def cond(self, pool):
        op = self.rng.choice(["<", ">", "<=", ">="])
        c = Cond(self.vexpr(pool, 1, allow_calls=False), op, self.const(-1.0, 1.0))
        if self.rng.random() < 0.2:
            c.conj = self.rng.choice(["and", "or"])
            c.other = Cond(self.vexpr(pool, 1, allow_calls=False),
                           self.rng.choice(["<", ">"]), self.const(-1.0, 1.0))
        return c

    # ---- top-level helpers
    def helper(self):
        if self.helpers and self.rng.random() < 0.5:
            return self.rng.choice(self.helpers)
        name = f"{self.name}_h{len(self.helpers)}"
        body = self.vexpr(["a"], 2, allow_calls=False)
        self.defs.append(([f"def {name}(a):", f"    return {body.fx()}"],
                          [f"def {name}(a):", f"    return {body.sig()}"]))
        self.helpers.append(name)
        return name

    def recursive(self):
        """A helper recursing on an integer depth argument."""
        if self.rec:
            return self.rec
        name = f"{self.name}_rec"
        base = self.vexpr(["v"], 1, allow_calls=False)
        step = self.vexpr(["v"], 1, allow_calls=False)
        combine = self.rng.choice(["tanh({r}) + 0.5 * {v}", "0.5 * {r} + sin({v})",
                                   "{r} * 0.8 + {v} * {v} * 0.1"])
        fx = [f"def {name}(v, n):",
              "    if n <= 0:",
              f"        return {base.fx()}",
              "    return " + combine.format(r=f"{name}(0.9 * {step.fx()}, n - 1)", v="v")]
        sig = [f"def {name}(v, n):",
               "    if n <= 0:",
               f"        return {base.sig()}",
               "    return " + combine.format(r=f"{name}(0.9 * {step.sig()}, n - 1)", v="v")]
        self.defs.append((fx, sig))
        self.rec = name
        return name

    # ---- statements: each returns (fx lines, sig lines); only existing variables are
    # reassigned inside blocks, new ones are introduced at the top level of the body.
    def stmt(self, pool, indent):
        pad = "    " * indent
        kind = self.rng.choices(["assign", "new", "if", "while", "for", "lambda", "def"],
                                weights=[10, 12, 7, 6, 7, 5, 4] if indent == 1 else
                                [10, 0, 2, 0, 0, 0, 0])[0]
        if kind == "new":
            name = self.fresh("v")
            e = self.vexpr(pool, 2)
            pool.append(name)
            return [f"{pad}{name} = {e.fx()}"], [f"{pad}{name} = {e.sig()}"]
        if kind == "assign":
            target = self.rng.choice(pool)
            e = self.vexpr(pool, 2)
            return [f"{pad}{target} = {e.fx()}"], [f"{pad}{target} = {e.sig()}"]
        if kind == "if":
            fx, sg = [], []
            n_arms = self.rng.randint(1, 3)
            for arm in range(n_arms):
                c = self.cond(pool)
                word = "if" if arm == 0 else "elif"
                fx.append(f"{pad}{word} {c.fx()}:")
                sg.append(f"{pad}{word} {c.sig()}:")
                self.block(pool, indent + 1, fx, sg)
            if self.rng.random() < 0.6:
                fx.append(f"{pad}else:")
                sg.append(f"{pad}else:")
                self.block(pool, indent + 1, fx, sg)
            return fx, sg
        if kind == "while":
            counter = self.fresh("n")
            target = self.rng.choice(pool)
            limit = self.const(0.5, 3.0)
            bound = self.rng.randint(3, 15)
            step = self.vexpr(pool, 1, allow_calls=False)
            inner = "    " * (indent + 1)
            fx = [f"{pad}{counter} = 0",
                  f"{pad}while {target} < {limit.fx()} and {counter} < {bound}:",
                  f"{inner}{target} = {target} + 0.25 + 0.2 * sigmoid({step.fx()})"]
            sg = [f"{pad}{counter} = 0",
                  f"{pad}while _c({target} < {limit.sig()}) and {counter} < {bound}:",
                  f"{inner}{target} = {target} + 0.25 + 0.2 * sigmoid({step.sig()})"]
            if self.rng.random() < 0.5:
                other = self.rng.choice(pool)
                e = self.vexpr(pool, 1, allow_calls=False)
                fx.append(f"{inner}{other} = 0.9 * {other} + 0.1 * tanh({e.fx()})")
                sg.append(f"{inner}{other} = 0.9 * {other} + 0.1 * tanh({e.sig()})")
            fx.append(f"{inner}{counter} += 1")
            sg.append(f"{inner}{counter} += 1")
            return fx, sg
        if kind == "for":
            index = self.fresh("i")
            target = self.rng.choice(pool)
            inner = "    " * (indent + 1)
            fx = [f"{pad}for {index} in range({self.rng.randint(1, 8)}):"]
            sg = [fx[0]]
            where = self.rng.random()
            jump = self.rng.choice(["break", "continue"])
            c = self.cond(pool)
            jump_fx = [f"{inner}if {c.fx()}:", f"{inner}    {jump}"]
            jump_sg = [f"{inner}if {c.sig()}:", f"{inner}    {jump}"]
            if where < 0.35:
                fx += jump_fx
                sg += jump_sg
            e = self.vexpr(pool + [f"float({index})"], 1, allow_calls=False)
            fx.append(f"{inner}{target} = 0.7 * {target} + 0.3 * tanh({e.fx()})")
            sg.append(f"{inner}{target} = 0.7 * {target} + 0.3 * tanh({e.sig()})")
            if self.rng.random() < 0.3 and self.rec:
                fx.append(f"{inner}{target} = {target} + 0.1 * {self.rec}({target}, {index})")
                sg.append(f"{inner}{target} = {target} + 0.1 * {self.rec}({target}, {index})")
            if 0.35 <= where < 0.7:
                fx += jump_fx
                sg += jump_sg
            return fx, sg
        if kind in ("lambda", "def"):
            # A closure over the current locals, created and used at once (so Python's late
            # binding and Fluxion's capture-at-creation give the same values).
            name = self.fresh("c")
            body = self.vexpr(pool + ["t"], 2, allow_calls=False)
            target = self.rng.choice(pool)
            a1, a2 = self.vexpr(pool, 1, allow_calls=False), Var(self.rng.choice(pool))
            use_fx = f"{pad}{target} = {name}({a1.fx()}) + 0.5 * {name}({a2.fx()})"
            use_sg = f"{pad}{target} = {name}({a1.sig()}) + 0.5 * {name}({a2.sig()})"
            if kind == "lambda":
                return ([f"{pad}{name} = lambda t: {body.fx()}", use_fx],
                        [f"{pad}{name} = lambda t: {body.sig()}", use_sg])
            return ([f"{pad}def {name}(t):", f"{pad}    return {body.fx()}", use_fx],
                    [f"{pad}def {name}(t):", f"{pad}    return {body.sig()}", use_sg])
        raise AssertionError(kind)

    def block(self, pool, indent, fx, sg):
        for _ in range(self.rng.randint(1, 2)):
            a, b = self.stmt(pool, indent)
            fx += a
            sg += b

    def generate(self):
        pool = list(self.params)
        fx_body, sig_body = [], []
        if self.rng.random() < 0.25:
            self.recursive()
        for _ in range(self.rng.randint(2, 6)):
            a, b = self.stmt(pool, 1)
            fx_body += a
            sig_body += b
        ret = self.vexpr(pool, 2)
        head = f"def {self.name}({', '.join(self.params)}):"
        fx = [line for d in self.defs for line in d[0]] + [head] + fx_body + \
            [f"    return {ret.fx()}"]
        sig = [line for d in self.defs for line in d[1]] + [head] + sig_body + \
            [f"    return {ret.sig()}"]
        return "\n".join(fx), "\n".join(sig)


# --------------------------------------------------------------------------- the Python side
class Signature:
    def __init__(self):
        self.trace = []

    def env(self):
        t = self.trace

        def c(v):
            t.append(bool(v))
            return v

        def kink(tag, fn):
            def w(v):
                p = fxref.primal(v)
                t.append((tag, p > 0, p < 0))
                return fn(v)
            return w

        def two(tag, fn):
            def w(a, b):
                pa, pb = fxref.primal(a), fxref.primal(b)
                t.append((tag, pa > pb, pa < pb))
                return fn(a, b)
            return w

        def floor_(v):
            r = fxref.fx_floor(v)
            t.append(("floor", r))
            return r
        return {"_c": c, "_abs": kink("abs", fxref.fx_abs), "_relu": kink("relu", fxref.fx_relu),
                "_maximum": two("max", fxref.fx_maximum), "_max": two("max", fxref.fx_maximum),
                "_minimum": two("min", fxref.fx_minimum), "_min": two("min", fxref.fx_minimum),
                "_floor": floor_}


def python_eval(fx_src, sig_src, name, point):
    """(value, reference gradient tuple, path signatures ok?) or None when unsuitable."""
    sig = Signature()
    sig_env = fxref.load(sig_src, is_source=True, extra_env=sig.env())
    ref_env = fxref.load(fx_src, is_source=True)
    f_sig, f = sig_env[name], ref_env[name]

    def signature_at(p):
        sig.trace.clear()
        f_sig(*p)
        return list(sig.trace)
    base = signature_at(point)
    for k in range(len(point)):
        for d in (-SWITCH_MARGIN, SWITCH_MARGIN):
            q = list(point)
            q[k] += d
            if signature_at(q) != base:
                return None
    value = f(*point)
    nums = tuple(range(len(point)))
    grads = fxref.grad(f, argnums=nums)(*point)
    for g in grads + (value,):
        if not (isinstance(g, float) and math.isfinite(g) and abs(g) < MAGNITUDE_LIMIT):
            return None
    # The finite difference must itself be accurate here, or it would prove nothing.
    for k in nums:
        lo, hi = list(point), list(point)
        lo[k] -= FD_STEP
        hi[k] += FD_STEP
        fd = (f(*hi) - f(*lo)) / (2.0 * FD_STEP)
        if not close(fd, grads[k], TOL_FD / 10):
            return None
    return value, grads


class Case:
    def __init__(self, fid, nargs, fx_src, point, value, grads):
        self.fid, self.nargs, self.fx_src = fid, nargs, fx_src
        self.point, self.value, self.grads = point, value, grads


def generate_cases(seed, count):
    rng = random.Random(seed)
    cases = []
    fid = 0
    attempts = 0
    while len(cases) < count:
        attempts += 1
        if attempts > count * 20:
            raise SystemExit("generator: too many rejected functions")
        nargs = 2 if fid % 6 == 5 else 1
        gen = FunctionGen(rng, fid, nargs)
        fx_src, sig_src = gen.generate()
        chosen = None
        for _ in range(8):
            point = tuple(round(rng.uniform(-1.5, 1.5), 3) for _ in range(nargs))
            try:
                got = python_eval(fx_src, sig_src, gen.name, point)
            except (OverflowError, ZeroDivisionError, ValueError, RecursionError,
                    fxref.FxError):
                got = None
            if got:
                chosen = (point, got)
                break
        if chosen is None:
            fid += 1
            continue
        point, (value, grads) = chosen
        if all(g == 0.0 for g in grads) and rng.random() > 0.05:
            fid += 1   # a function that ignores its input proves little; keep a few
            continue
        cases.append(Case(fid, nargs, fx_src, point, value, grads))
        fid += 1
    return cases


# --------------------------------------------------------------------------- the Fluxion side
def batch_program(cases, primal_only):
    lines = []
    for c in cases:
        lines.append(c.fx_src)
        lines.append("")
    lines.append("def main():")
    h = lit(FD_STEP)
    for c in cases:
        f = f"f{c.fid}"
        args = ", ".join(lit(p) for p in c.point)
        if primal_only:
            lines.append(f"    print({c.fid}, {f}({args}))")
            continue
        if c.nargs == 1:
            x = lit(c.point[0])
            lines.append(f"    print({c.fid}, grad({f})({x}), jvp({f}, ({x},), (1.0,))[1], "
                         f"({f}({x} + {h}) - {f}({x} - {h})) / (2.0 * {h}), {f}({x}))")
        else:
            x, y = (lit(p) for p in c.point)
            lines.append(f"    g{c.fid} = grad({f}, argnums=(0, 1))({x}, {y})")
            lines.append(f"    print({c.fid}, g{c.fid}[0], g{c.fid}[1], "
                         f"jvp({f}, ({x}, {y}), (1.0, 0.0))[1], "
                         f"jvp({f}, ({x}, {y}), (0.0, 1.0))[1], "
                         f"({f}({x} + {h}, {y}) - {f}({x} - {h}, {y})) / (2.0 * {h}), "
                         f"({f}({x}, {y} + {h}) - {f}({x}, {y} - {h})) / (2.0 * {h}), "
                         f"{f}({x}, {y}))")
    return "\n".join(lines) + "\n"


def run_batch(fluxion, path, extra=()):
    try:
        proc = subprocess.run([fluxion, "run", *extra, path], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {TIMEOUT_S} s"
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        return None, f"exit status {proc.returncode}\n{err.strip()[:2000]}"
    return out, None


def same_as_unoptimised(fields, fields0):
    """The primal (last field) printed identically, the derivatives within TOL_OPTIMISED."""
    if fields is None or fields0 is None or len(fields) != len(fields0):
        return fields == fields0
    if fields[-1] != fields0[-1]:
        return False
    try:
        return all(close(float(a), float(b), TOL_OPTIMISED) for a, b in zip(fields[:-1], fields0[:-1]))
    except ValueError:
        return fields == fields0


def output_rows(out):
    """The fields of each output line, by function id."""
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit():
            rows[int(parts[0])] = parts[1:]
    return rows


def check_case(c, fields, primal_only):
    """Returns (hard failures, finite-difference complaints) as lists of strings."""
    hard, soft = [], []
    nums = [float(v) for v in fields]
    value = nums[-1]
    if not close(value, c.value, TOL_PRIMAL):
        hard.append(f"primal f = {value!r}, Python gives {c.value!r}")
    if primal_only:
        return hard, soft
    k = c.nargs
    rev, fwd, fd = nums[0:k], nums[k:2 * k], nums[2 * k:3 * k]
    for i in range(k):
        tag = "" if k == 1 else f" (argument {i})"
        if not close(rev[i], fwd[i], TOL_FWD_REV):
            hard.append(f"reverse {rev[i]!r} != forward {fwd[i]!r}{tag}")
        if not close(rev[i], c.grads[i], TOL_REFERENCE):
            hard.append(f"reverse {rev[i]!r} != reference {c.grads[i]!r}{tag}")
        if not close(fwd[i], c.grads[i], TOL_REFERENCE):
            hard.append(f"forward {fwd[i]!r} != reference {c.grads[i]!r}{tag}")
        if not (close(rev[i], fd[i], TOL_FD) and close(fwd[i], fd[i], TOL_FD)):
            soft.append(f"finite difference {fd[i]!r} vs reverse {rev[i]!r} / forward "
                        f"{fwd[i]!r}{tag}")
    return hard, soft


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("fluxion")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--count", type=int, default=550)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--keep", help="write the generated programs to this directory")
    ap.add_argument("--primal-only", action="store_true")
    ap.add_argument("--compare-unoptimised", action="store_true")
    # A batch of 50 differentiated functions compiles to ~100k lines of C (10-15 s of cc): the
    # first batches run natively (native code against Python's reference and finite
    # differences), the rest in the interpreter, so the test fits CI's time.
    ap.add_argument("--native-batches", type=int, default=2,
                    help="batches run with the default engine (native); the rest with --interp")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv[1:])

    cases = generate_cases(args.seed, args.count)
    workdir = args.keep or tempfile.mkdtemp(prefix="fx_ad_property_")
    os.makedirs(workdir, exist_ok=True)
    failed_ids = set()
    fd_complaints = []
    for start in range(0, len(cases), args.batch):
        batch = cases[start:start + args.batch]
        path = os.path.join(workdir, f"batch_{start // args.batch:02d}.fx")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(batch_program(batch, args.primal_only))
        engine = [] if start // args.batch < args.native_batches else ["--interp"]
        # grad in reverse mode, against jvp's forward mode; with --compare-unoptimised, the
        # optimiser's choice (forward mode for these functions of one f64) against --opt=0's reverse.
        mode = [] if args.compare_unoptimised else ["--grad-mode=reverse"]
        out, err = run_batch(args.fluxion, path, [*mode, *engine])
        if out is None:
            print(f"FAIL {path}: {err}")
            failed_ids.update(c.fid for c in batch)
            continue
        rows = output_rows(out)
        if args.compare_unoptimised:
            out0, err0 = run_batch(args.fluxion, path, ["--opt=0", *engine])
            rows0 = output_rows(out0) if out0 is not None else {}
            for c in batch:
                if not same_as_unoptimised(rows.get(c.fid), rows0.get(c.fid)):
                    print(f"FAIL f{c.fid} ({path}): optimised {rows.get(c.fid)}, "
                          f"--opt=0 {rows0.get(c.fid) if out0 is not None else err0}")
                    failed_ids.add(c.fid)
        for c in batch:
            fields = rows.get(c.fid)
            want = 1 if args.primal_only else 3 * c.nargs + 1
            if fields is None or len(fields) != want:
                print(f"FAIL f{c.fid} ({path}): no or malformed output line: {fields}")
                failed_ids.add(c.fid)
                continue
            try:
                hard, soft = check_case(c, fields, args.primal_only)
            except ValueError:
                print(f"FAIL f{c.fid} ({path}): unparsable output: {fields}")
                failed_ids.add(c.fid)
                continue
            if hard:
                failed_ids.add(c.fid)
                print(f"FAIL f{c.fid} at {c.point} ({path}):")
                for h in hard:
                    print(f"  {h}")
            elif args.verbose:
                print(f"ok f{c.fid} at {c.point}")
            if soft:
                fd_complaints.append((c, soft, path))
    # Finite differences are only approximations: a few disagreements are reported but
    # tolerated; more than FD_FAILURE_BUDGET of the functions is a failure of each of them.
    for c, soft, path in fd_complaints:
        print(f"FD f{c.fid} at {c.point} ({path}): " + "; ".join(soft))
    if len(fd_complaints) > FD_FAILURE_BUDGET * len(cases):
        print(f"too many finite-difference disagreements: {len(fd_complaints)} > "
              f"{FD_FAILURE_BUDGET:.0%} of {len(cases)} functions")
        failed_ids.update(c.fid for c, _, _ in fd_complaints)
    elif fd_complaints:
        print(f"{len(fd_complaints)} finite-difference disagreements tolerated "
              f"(at most {FD_FAILURE_BUDGET:.0%} of {len(cases)} functions)")
    failed = len(failed_ids)
    passed = len(cases) - failed
    if args.keep:
        if failed:
            print(f"the generated programs are in {workdir}")
    else:
        shutil.rmtree(workdir, ignore_errors=True)
        if failed:
            print("rerun with --keep DIR to inspect the generated programs")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
