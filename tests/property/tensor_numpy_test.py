#!/usr/bin/env python3
"""Property test: random tensor expressions, evaluated by NumPy and by `fluxion eval`.

Usage: tensor_numpy_test.py FLUXION [--seed N] [--count N] [--keep DIR] [--verbose]

From a fixed seed it generates random, well-typed tensor expressions over f64 and i64 leaves of
random shapes (rank 0 to 3): elementwise operators and functions with NumPy broadcasting
(scalars on either side), comparisons and where, reductions with axis/keepdims (negative axes
too), integer and slice indexing (negative indices and steps), matmul in every rank
combination, dot, transpose, reshape, concat and stack. Each expression is built together
with its NumPy value, and only expressions NumPy accepts with a finite, moderate result are
kept, so every expression has a defined answer.

Each expression is evaluated by `fluxion eval FILE EXPR`; half of them go through a function
`f(a0, a1, ...)` so that the leaves' extents are unknown to the type checker (run-time shape
logic), half use the top-level constants directly (compile-time shapes). The printed value is
parsed back and compared with NumPy's: the shape and the dtype exactly (f64 prints with a
`.0`/exponent, i64 without, bool as True/False), the values to 1e-9 relative (summation order
may differ).

Prints one line per failure and `N passed, N failed`; exits 1 on any failure. Needs NumPy
(Debian: python3-numpy, installed by scripts/install-deps.sh); its absence is a failure.
"""

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile

try:
    import numpy as np
except ImportError:
    print("FAIL: NumPy is not installed for this Python "
          f"({sys.executable}); scripts/install-deps.sh installs python3-numpy")
    sys.exit(1)

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tensor_numpy_gen import Generator  # noqa: E402

TOL = 1e-9
TIMEOUT_S = 60 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


def fx_dtype(v):
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, int):
        return "i64"
    if isinstance(v, float):
        return "f64"
    return "?"


def np_dtype(a):
    kind = np.asarray(a).dtype
    if kind == np.bool_:
        return "bool"
    if kind == np.int64:
        return "i64"
    if kind == np.float64:
        return "f64"
    return str(kind)


def parse_output(text):
    """Fluxion's printed value → (shape, dtype, flat values); None if it cannot be read."""
    text = text.strip()
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return None
    shape = []
    level = value
    while isinstance(level, list):
        if not level:
            return None
        shape.append(len(level))
        level = level[0]
    flat = []

    def walk(v, depth):
        if depth == len(shape):
            flat.append(v)
            return True
        if not isinstance(v, list) or len(v) != shape[depth]:
            return False
        return all(walk(x, depth + 1) for x in v)

    if not walk(value, 0):
        return None
    kinds = {fx_dtype(v) for v in flat}
    if len(kinds) != 1 or "?" in kinds:
        return None
    return tuple(shape), kinds.pop(), flat


def agree(got, want):
    if isinstance(want, (bool, np.bool_)):
        return got == bool(want)
    if isinstance(want, (int, np.integer)):
        return got == int(want)
    want = float(want)
    return abs(got - want) <= TOL * max(1.0, abs(want))


def check(fluxion, workdir, index, case):
    path = os.path.join(workdir, f"expr_{index:03d}.fx")
    with open(path, "w", encoding="utf-8") as f:
        f.write(case.program)
    cmd = [fluxion, "eval", path, case.call]
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return f"timed out: {path}"
    want = np.asarray(case.value)
    where = f"{path}: {case.call}  [{case.expr}]"
    if proc.returncode != 0:
        return f"{where}\n    exit {proc.returncode}: {proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else ''}"
    parsed = parse_output(proc.stdout)
    if parsed is None:
        return f"{where}\n    cannot read the output {proc.stdout.strip()!r}"
    shape, dtype, flat = parsed
    if shape != want.shape:
        return f"{where}\n    shape {shape}, NumPy {want.shape}"
    if dtype != np_dtype(want):
        return f"{where}\n    dtype {dtype}, NumPy {np_dtype(want)}"
    for got, w in zip(flat, want.reshape(-1).tolist()):
        if not agree(got, w):
            return f"{where}\n    value {got!r}, NumPy {w!r}\n    got  {proc.stdout.strip()}\n    want {want.tolist()}"
    return None


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("fluxion")
    ap.add_argument("--seed", type=int, default=20240611)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--keep", default=None, help="write the programs into DIR and keep them")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args(argv[1:])

    gen = Generator(random.Random(args.seed))
    cases = [gen.case(i) for i in range(args.count)]
    if args.keep:
        shutil.rmtree(args.keep, ignore_errors=True)
        os.makedirs(args.keep)
        workdir = args.keep
    else:
        workdir = tempfile.mkdtemp(prefix="fluxion-tensor-numpy-")
    passed = failed = 0
    try:
        for i, case in enumerate(cases):
            problem = check(os.path.abspath(args.fluxion), workdir, i, case)
            if problem:
                failed += 1
                print(f"FAIL: {problem}")
            else:
                passed += 1
                if args.verbose:
                    print(f"ok: {case.expr}")
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
