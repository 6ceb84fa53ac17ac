#!/usr/bin/env python3
"""Runs a few training steps of one example and checks that it learns something.

Usage: run_example_test.py [--min-drop FRACTION] [--below-baseline FRACTION] [--min-accuracy A]
                           [--timeout S] FLUXION EXAMPLE.fx [ARG...]

Runs `FLUXION run EXAMPLE.fx ARG...` (the ARGs, read by the example with arg(i, default), ask
for a small number of steps). The example prints lines
`step N loss L ...`; the test passes when
  - the exit status is 0 and stderr shows no crash,
  - there are at least two such lines, every L is finite, the step numbers increase,
  - the last L is below the first by at least FRACTION of the first (--min-drop, default 0.01),
  - with --below-baseline F: the example printed `uniform-guess loss U` (the loss of a model
    that learnt nothing: every class or character equally likely) and the last L is below
    U by at least F of U; a falling loss alone says little when it starts above U,
  - with --min-accuracy A: the example printed `test accuracy X` (on examples it did not train
    on) with X at least A.
The loss lines are echoed, so that `ctest -V` shows the curve. Only the standard library.
"""

import argparse
import math
import re
import subprocess
import sys
import time

LOSS_LINE = re.compile(r"^step (\d+) loss (\S+)")
BASELINE = re.compile(r"uniform-guess loss (\S+)")
ACCURACY = re.compile(r"^test accuracy (\S+)")
CRASH_MARKERS = ("terminate called", "Segmentation", "Aborted", "what():", "Sanitizer",
                 "runtime error:", "internal compiler error", "internal error")


def fail(message, out="", err=""):
    print(f"FAIL: {message}")
    if out:
        print("--- stdout ---\n" + out)
    if err:
        print("--- stderr ---\n" + err)
    return 1


def main(argv):
    parser = argparse.ArgumentParser(description="Checks that an example's loss goes down.")
    parser.add_argument("--min-drop", type=float, default=0.01)
    parser.add_argument("--below-baseline", type=float, default=None)
    parser.add_argument("--min-accuracy", type=float, default=None)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("fluxion")
    parser.add_argument("example")
    parser.add_argument("args", nargs=argparse.REMAINDER)
    a = parser.parse_args(argv[1:])
    fluxion, example, min_drop, timeout = a.fluxion, a.example, a.min_drop, a.timeout
    cmd = [fluxion, "run", example, "--", *a.args]
    began = time.monotonic()
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return fail(f"timed out after {timeout} s: {' '.join(cmd)}")
    seconds = time.monotonic() - began
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    if proc.returncode != 0:
        return fail(f"exit status {proc.returncode}: {' '.join(cmd)}", out, err)
    for marker in CRASH_MARKERS:
        if marker in err:
            return fail(f"stderr contains {marker!r}", out, err)

    points = []
    for line in out.splitlines():
        m = LOSS_LINE.match(line)
        if m:
            try:
                points.append((int(m.group(1)), float(m.group(2))))
            except ValueError:
                return fail(f"unreadable loss line: {line!r}", out, err)
    if len(points) < 2:
        return fail("fewer than two `step N loss L` lines", out, err)
    for (s0, _), (s1, _) in zip(points, points[1:]):
        if s1 <= s0:
            return fail(f"step numbers do not increase ({s0} then {s1})", out, err)
    if not all(math.isfinite(loss) for _, loss in points):
        return fail("a loss is not finite", out, err)
    first, last = points[0][1], points[-1][1]
    for step, loss in points:
        print(f"step {step} loss {loss}")
    if not last < first - min_drop * abs(first):
        return fail(f"loss did not decrease by {min_drop:.0%}: first {first}, last {last}", out, err)
    verdict = f"loss {first} -> {last}"
    if a.below_baseline is not None:
        m = BASELINE.search(out)
        if not m:
            return fail("no `uniform-guess loss U` line", out, err)
        baseline = float(m.group(1))
        if not last < (1 - a.below_baseline) * baseline:
            return fail(f"the last loss {last} is not {a.below_baseline:.0%} below the uniform-guess "
                        f"loss {baseline}: the model learnt nothing beyond it", out, err)
        verdict += f", {1 - last / baseline:.0%} below the uniform-guess loss {baseline:.4g}"
    if a.min_accuracy is not None:
        found = [ACCURACY.match(line) for line in out.splitlines()]
        found = [m for m in found if m]
        if not found:
            return fail("no `test accuracy X` line", out, err)
        accuracy = float(found[-1].group(1))
        print(f"test accuracy {accuracy}")
        if not accuracy >= a.min_accuracy:
            return fail(f"test accuracy {accuracy} below {a.min_accuracy}", out, err)
        verdict += f", test accuracy {accuracy} (at least {a.min_accuracy})"
    print(f"PASS: {example}: {verdict} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
