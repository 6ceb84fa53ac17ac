#!/usr/bin/env python3
"""Random tensor programs: every derivative operator against the others and against finite differences.

The programs come from the fuzz generator (fuzz/tensor_program_gen.hpp), printed by the ad_fuzz
replayer (FX_FUZZ_DUMP=1 ad_replay FILE): a function f of a vector x with elementwise operators,
reductions, matrix products, slicing, where, softmax, comprehensions, element updates, loops and
closures. Each program's main() is replaced by one that prints

    grad(f)(x), jacfwd(f)(x), jacrev(f)(x), vjp(f, x)'s back(1.0)   -- must agree
    jvp(f, (x,), (t,))'s tangent                                      -- must equal dot(grad, t)
    hessian(f)(x), jacfwd(grad(f))(x), jacrev(jacfwd(f))(x)           -- must agree
    f(x ± kh·d), k = 1, 2, 3, for the directions d = t and d = u      -- central differences
    grad(f)(x ± kh·t), k = 1, 2, 3                                    -- of the gradient

so reverse mode, forward mode and their nestings are cross-checked on tensor programs, and then
checked against central finite differences, which no derivative rule shares: a wrong rule used by
both modes (sin' = -cos) agrees with itself but not with the differences. The differences must
match dot(grad, d) and jvp's tangent, and the difference of the gradient must match hessian·t.
The programs are full of kinks (relu, where, clip, max, if), so a point is compared with finite
differences only where f is smooth along d: the differences with steps h, 2h and 3h agree. Programs
with stop_gradient (whose derivative is rightly not the difference) are not compared with them.

A nan or an infinity equals only the same nan or infinity at the same place. Programs that stop
with a located error (a domain error, the loop limit) are skipped; a crash, an internal error,
fewer than half the programs running, or fewer than --min-informative (default 60%) of them with
a finite non-zero gradient entry that finite differences confirmed, is a failure: a suite of
all-zero or all-nan gradients would agree with anything.

The generator's choices come from random bytes; the test biases them towards informative
programs: the edge constants 1e308 and 1e-300 become 1e3 and 1e-3, and three programs of four
are generated in the generator's informative mode (no vector replaced by a constant, `**` of a
positive base) and rewritten: the piecewise constant functions (floor, ceil, sign) and the
saturating ones (clip, relu) become smooth ones, stop_gradient is dropped, log and sqrt get a
positive argument, and the point x moves off the generator's constants (0.0, where abs has its
kink). Programs with a derivative above 1e6 are not
compared, nor those whose gradients by the two modes differ by more than rounding (1e-10) but
less than a mistake (1e-7): with large values the orders of evaluation differ by cancellation
(1e30 + 1 - 1e30), not by mistakes.

    tensor_ad_cross_check.py FLUXION AD_REPLAY [--count N] [--seed S] [--keep DIR] [--min-informative F]
"""
import argparse
import ast
import math
import os
import random
import re
import subprocess
import sys
import tempfile

H = 1e-5  # the finite-difference step
TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile

MAIN = """def main():
    x = {x}
    t = {t}
    u = {u}
    print(grad(f)(x))
    print(jacfwd(f)(x))
    print(jacrev(f)(x))
    y, back = vjp(f, x)
    print(back(1.0)[0])
    print(jvp(f, (x,), (t,))[1])
    print(hessian(f)(x))
    print(jacfwd(lambda v: grad(f)(v))(x))
    print(jacrev(lambda v: jacfwd(f)(v))(x))
    print([f(x + {h} * t), f(x - {h} * t), f(x + {h2} * t), f(x - {h2} * t), f(x + {h3} * t), f(x - {h3} * t)])
    print([f(x + {h} * u), f(x - {h} * u), f(x + {h2} * u), f(x - {h2} * u), f(x + {h3} * u), f(x - {h3} * u)])
    print(grad(f)(x + {h} * t))
    print(grad(f)(x - {h} * t))
    print(grad(f)(x + {h2} * t))
    print(grad(f)(x - {h2} * t))
    print(grad(f)(x + {h3} * t))
    print(grad(f)(x - {h3} * t))
"""

# Helpers for the biased programs: log and sqrt of a positive argument, and a clip that does
# not saturate to a zero derivative.
SAFE_HELPERS = """def safe_log(a):
    return log(abs(a) + 0.5)

def safe_sqrt(a):
    return sqrt(abs(a) + 0.5)

def soft_clip(a, lo, hi):
    return lo + (hi - lo) * sigmoid((a - 0.5 * (lo + hi)) / (hi - lo))

"""
# Rewrites of the biased programs (whole words only: `log(` is not `log1p(` or `log_softmax(`):
# piecewise constant functions and saturations, whose derivative is zero almost everywhere,
# become smooth ones.
BIAS = [(r"\bfloor\(", "sin("), (r"\bceil\(", "tanh("), (r"\bsign\(", "sigmoid("),
        (r"\bstop_gradient\(", "("), (r"\blog\(", "safe_log("), (r"\bsqrt\(", "safe_sqrt("),
        (r"\bclip\(", "soft_clip("), (r"\brelu\(", "softplus(")]


def generated_program(replay, workdir, rng, biased):
    """The generator's f (and helpers) and its argument, for random fuzz bytes in tensor mode."""
    # The first byte: a tensor program (2), informative if biased (4: no constant vectors).
    data = bytes([2 | (4 if biased else 0)]) + bytes(rng.randrange(256) for _ in range(rng.randrange(20, 400)))
    path = os.path.join(workdir, "input.bin")
    with open(path, "wb") as out:
        out.write(data)
    run = subprocess.run([replay, path], env={**os.environ, "FX_FUZZ_DUMP": "1"},
                         capture_output=True, text=True, timeout=TIMEOUT_S)
    if run.returncode != 0:
        raise SystemExit(f"ad_replay failed on generated bytes {data.hex()}:\n{run.stderr}")
    # The generator's edge constants make values near overflow, where adding 1 to 1e30 is lost
    # in one order of evaluation and not in another: milder ones keep the comparison meaningful.
    text = run.stderr.replace("1e308", "1e3").replace("1e-300", "1e-3")
    definitions, _, main = text.partition("def main():\n")
    if biased:
        for pattern, replacement in BIAS:
            definitions = re.sub(pattern, replacement, definitions)
        definitions = SAFE_HELPERS + definitions
    x = main.split("\n")[0].strip()
    assert x.startswith("x = "), main
    x = x[len("x = "):]
    if biased:
        # Away from the generator's constants, where the kinks are (abs(x * x) at 0.0: there
        # the derivative of abs is 0 by convention, while the function is smooth).
        x = str([round(v + rng.choice((-1, 1)) * rng.uniform(0.01, 0.1), 3) for v in ast.literal_eval(x)])
    return definitions, x


def values(line):
    """The numbers printed on one line, flattened (nan as None, the infinities as floats)."""
    text = line.replace("nan", "None").replace("inf", "1e999")
    def flat(v):
        if isinstance(v, (list, tuple)):
            for e in v:
                yield from flat(e)
        else:
            yield v
    return list(flat(ast.literal_eval(text)))


def finite(v):
    return v is not None and math.isfinite(v)


def same_special(a, b):
    """Both nan, or the same infinity."""
    return (a is None and b is None) or (a is not None and b is not None and a == b)


class Comparison:
    """Compares derivatives entry by entry. Finite values agree up to rounding; a nan or an
    infinity only with the same one at the same place. Between reverse and forward mode, a nan
    or an infinity facing a finite value is not a mistake by itself: reverse mode multiplies a
    zero cotangent by a nan partial (0 * nan = nan, as in JAX) where forward mode's tangent was
    dropped, and the other way round (a nan partial times a zero tangent), and an overflow to
    inf happens in one order of products and not in the other. Such a program is
    set aside as `nan_between_modes` (not counted as checked) instead of passing silently."""

    def __init__(self):
        self.problems = []
        self.nan_between_modes = False

    def same(self, name_a, xs, name_b, ys, rel=1e-7, cross_mode=False):
        ok = len(xs) == len(ys)
        for a, b in zip(xs, ys):
            if finite(a) and finite(b):
                ok = ok and abs(a - b) <= rel * (1.0 + abs(a) + abs(b))
            elif not same_special(a, b):
                if cross_mode:
                    self.nan_between_modes = True
                else:
                    ok = False
        if not ok:
            self.problems.append(f"{name_a} {xs} != {name_b} {ys}")


def cancels(g, jf):
    """Whether grad and jacfwd differ by more than the rounding of well-conditioned values
    (1e-10) but less than a mistake (1e-7, checked in `check`): huge intermediate values that
    cancel (a softmax summed to 1 and squared), whose second derivatives are then rounding noise
    of any size."""
    noise = [abs(a - b) / (1.0 + abs(a) + abs(b)) for a, b in zip(g, jf) if finite(a) and finite(b)]
    return any(1e-10 < e <= 1e-7 for e in noise)


def difference(fs, step):
    """The central difference with step h from [f(x±h), f(x±2h), f(x±3h)], or None where f is
    not smooth along the direction (the differences with steps h, 2h, 3h disagree, or a value
    is not finite)."""
    if not all(finite(v) for v in fs):
        return None
    d = [(fs[2 * k] - fs[2 * k + 1]) / (2 * (k + 1) * step) for k in range(3)]
    # Smooth: they differ by O(h²) and by the rounding of the values (about 1e-16 |f| / h);
    # a kink or a jump within 3h (abs at 0.0, floor) makes them differ by far more (three
    # steps: a pair of jumps can fake agreement between two).
    tolerance = 1e-6 * (abs(d[0]) + abs(d[1]) + abs(d[2])) + 1e-9 * (1.0 + max(abs(v) for v in fs))
    if max(d) - min(d) > tolerance:
        return None
    # A kink exactly at x (relu at 0.0) fools the central differences, which all give the mean
    # of the two slopes; the slopes on either side tell (they differ by about 4h f'' when smooth).
    right = (fs[4] - fs[0]) / (2 * step)
    left = (fs[1] - fs[5]) / (2 * step)
    if abs(right - left) > 1e-3 * (1.0 + abs(d[0])):
        return None
    return d[0]


def check(outputs, t, u, use_differences):
    """The disagreements (an empty list when everything agrees), and whether a finite non-zero
    gradient entry was confirmed by finite differences (the program was informative)."""
    g, jf, jr, back, jv, h, hf, hrf, ft, fu, gp, gm, gp2, gm2, gp3, gm3 = outputs
    c = Comparison()
    # grad, jacrev and vjp are reverse mode, jacfwd forward mode; hessian is jacfwd(jacrev),
    # as jacfwd(grad) is, and jacrev(jacfwd) is reverse over forward.
    c.same("grad", g, "jacrev", jr)
    c.same("grad", g, "vjp", back)
    c.same("grad", g, "jacfwd", jf, cross_mode=True)
    if all(finite(v) for v in g):
        c.same("jvp", jv, "dot(grad, t)", [sum(a * b for a, b in zip(g, t))], 1e-6, cross_mode=True)
    c.same("hessian", h, "jacfwd(grad)", hf, 1e-6)
    c.same("hessian", h, "jacrev(jacfwd)", hrf, 1e-6, cross_mode=True)
    problems = c.problems
    informative = False
    if use_differences and all(finite(v) for v in g):
        # Finite differences: the first derivative in the directions t and u.
        confirmed = 0
        for name, d, fs in (("t", t, ft), ("u", u, fu)):
            fd = difference(fs, H)
            if fd is None:
                continue
            ad = sum(a * b for a, b in zip(g, d))
            if abs(fd - ad) > 1e-5 * (1.0 + abs(fd) + abs(ad)):
                problems.append(f"dot(grad, {name}) {ad} != central difference {fd}")
            else:
                confirmed += 1
        informative = confirmed > 0 and any(v != 0 for v in g)
        # The Hessian times t against the central difference of each gradient entry, where that
        # entry is smooth along t.
        n = len(g)
        if len(h) == n * n and all(finite(v) for v in h) and all(len(v) == n for v in (gp, gm, gp2, gm2, gp3, gm3)):
            for i in range(n):
                fd = difference([gp[i], gm[i], gp2[i], gm2[i], gp3[i], gm3[i]], H)
                if fd is None:
                    continue
                ad = sum(h[i * n + j] * t[j] for j in range(n))
                if abs(fd - ad) > 1e-4 * (1.0 + abs(fd) + abs(ad)):
                    problems.append(f"(hessian·t)[{i}] {ad} != central difference of grad {fd}")
                    break
    return problems, informative and not c.nan_between_modes, c.nan_between_modes


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("fluxion")
    parser.add_argument("replay")
    parser.add_argument("--count", type=int, default=150)
    parser.add_argument("--seed", type=int, default=20261121)
    parser.add_argument("--keep", help="directory for the failing programs")
    # Each program's derivatives compile to C of their own (4-20 s of cc on a cold cache: their
    # hessians and nested jacobians make 4,000-23,000 lines): the first programs run natively,
    # the rest in the interpreter, so the test fits CI's time; native/differential compares the
    # engines on the language tests. (Until 2026-11-27 the first 30 ran with the default engine,
    # but 17 of them fell back to the interpreter: the back end refused the tensor zeros their
    # loops' backward passes start at every iteration, which it now writes out densely. All 12
    # now run natively, in about the compile time of the 13 before.)
    parser.add_argument("--native-programs", type=int, default=12,
                        help="programs run with the default engine (native); the rest with --interp")
    parser.add_argument("--min-informative", type=float, default=0.6,
                        help="least fraction of programs with a finite non-zero gradient entry "
                             "confirmed by finite differences")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    checked = skipped = ill_conditioned = informative = nan_between_modes = 0
    # Why the other programs were not informative.
    dull = {"all-zero gradient": 0, "non-finite gradient": 0, "no smooth direction or stop_gradient": 0}
    failures = []
    with tempfile.TemporaryDirectory() as workdir:
        for i in range(args.count):
            definitions, x = generated_program(args.replay, workdir, rng, rng.random() < 0.9)
            n = x.count(",") + 1
            t = [round(rng.uniform(-1, 1), 2) for _ in range(n)]
            u = [round(rng.uniform(-1, 1), 2) for _ in range(n)]
            program = definitions + MAIN.format(x=x, t=t, u=u, h=H, h2=2 * H, h3=3 * H)
            path = os.path.join(workdir, f"program_{i}.fx")
            with open(path, "w") as out:
                out.write(program)
            engine = [] if i < args.native_programs else ["--interp"]
            run = subprocess.run([args.fluxion, "run", "--grad-mode=reverse", *engine, "--max-loop-iterations", "2000", path],
                                 capture_output=True, text=True, timeout=TIMEOUT_S)
            if run.returncode in (1, 2) and "internal error" not in run.stderr:
                skipped += 1
                continue
            problems = []
            if run.returncode != 0:
                problems = [f"exit {run.returncode}: {run.stderr.strip()[-800:]}"]
            else:
                outputs = [values(l) for l in run.stdout.strip().split("\n")]
                derivatives = [v for line in outputs[:8] for v in line]
                if any(finite(v) and abs(v) > 1e6 for v in derivatives) or cancels(outputs[0], outputs[1]):
                    ill_conditioned += 1  # rounding differs by more than any tolerance
                    continue
                problems, confirmed, nan_differs = check(outputs, t, u, "stop_gradient" not in definitions)
                informative += confirmed
                g = outputs[0]
                if nan_differs:
                    nan_between_modes += 1
                elif not confirmed:
                    dull["non-finite gradient" if not all(finite(v) for v in g) else
                         "all-zero gradient" if all(v == 0 for v in g) else
                         "no smooth direction or stop_gradient"] += 1
                if nan_differs and not problems:
                    continue
            if problems:
                failures.append(i)
                print(f"FAIL program {i} (--seed {args.seed} --count {i + 1} reproduces it):\n" +
                      "\n".join("  " + p for p in problems) + "\n" + program)
                if args.keep:
                    os.makedirs(args.keep, exist_ok=True)
                    with open(os.path.join(args.keep, f"program_{i}.fx"), "w") as out:
                        out.write(program)
            else:
                checked += 1
    print(f"seed {args.seed}: {checked} programs cross-checked, {skipped} stopped with a located error, "
          f"{ill_conditioned} not compared (ill-conditioned: derivatives above 1e6, or cancellation), {nan_between_modes} set aside "
          f"(a nan or inf in one mode facing another value in the other), {len(failures)} failed; "
          f"{informative} of {args.count} ({informative / args.count:.0%}) had a finite non-zero "
          f"gradient entry confirmed by finite differences; the others: " +
          ", ".join(f"{n} {why}" for why, n in dull.items()))
    if checked < args.count // 2:
        print("too few programs ran to the end: the generator or the pipeline regressed")
        return 1
    if informative < args.min_informative * args.count:
        print(f"fewer than {args.min_informative:.0%} of the programs had a finite non-zero gradient "
              "confirmed by finite differences: the checks would pass wrong rules")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
