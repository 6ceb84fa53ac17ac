#!/usr/bin/env python3
"""The language and error corpus with the optimiser off (docs/opt.md).

Usage: check_unoptimised.py FLUXION [--shard K/N] [--interp]

ctest runs every tests/lang and tests/errors program with the optimiser on (the default);
this runs each of them again with `--opt=0` and holds it to the same expectations (output,
exit status, located error), so that every pass is shown to preserve meaning: a difference
between the two runs is a failure of one of them. Programs whose command is not run, eval or
check (`# RUN: args ir ...`, cache commands) are the same either way and are skipped, and so
are those that test the optimiser's own options. `fluxion run` runs a program natively where the
C back end supports it; with --interp every program is interpreted (`--opt=0 --interp`), so that
both engines are held to the expectations with the optimiser off (programs that pin native code,
`--native` or `# NATIVE-ONLY:`, are skipped then).
Prints the failures and a summary `N passed, N failed`; exit status 0 when none failed.
"""

import contextlib
import io
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)
import run_fx_test  # noqa: E402  (the test-file format and its checks)


def programs():
    out = []
    for top in ("lang", "errors"):
        for root, _, files in os.walk(os.path.join(TESTS, top)):
            out.extend(os.path.join(root, f) for f in files if f.endswith(".fx"))
    return sorted(out)


# Options whose output or meaning depends on the optimiser itself (--grad-mode=auto: forward mode
# for a gradient of one f64, which --opt=0 turns off).
OPTIMISER_OPTIONS = ("--opt", "--print-after-all", "--time-passes", "--grad-mode=auto")


def native_only(path):
    with open(path, "rb") as f:
        return re.search(rb"^\s*#\s*NATIVE-ONLY\s*:", f.read(), re.MULTILINE) is not None


def runs_the_program(path, spec, interp):
    kind, rest = spec.run
    if any(o in rest for o in OPTIMISER_OPTIONS):
        return False
    if interp and ("--native" in rest or "--interp" in rest or native_only(path)):
        return False
    if kind in ("run", "eval", "check"):
        return True
    words = rest.split()
    return kind == "args" and bool(words) and words[0] in ("run", "eval", "check")


def main(argv):
    fluxion = argv[1]
    shard, shards = 0, 1
    interp = "--interp" in argv[2:]
    if len(argv) > 3 and argv[2] == "--shard":
        shard, shards = (int(x) for x in argv[3].split("/"))
    options = ["--opt=0"] + (["--interp"] if interp else [])
    passed = failed = 0
    for i, path in enumerate(programs()):
        if i % shards != shard:
            continue
        try:
            spec = run_fx_test.parse_spec(path)
        except (OSError, run_fx_test.TestFileError):
            continue  # the test itself reports a malformed file
        if not runs_the_program(path, spec, interp):
            continue
        report = io.StringIO()
        with contextlib.redirect_stdout(report):
            status = run_fx_test.check_file(fluxion, path, options)
        if status == 0:
            passed += 1
        else:
            failed += 1
            sys.stdout.write(report.getvalue())
    print(f"{passed} passed, {failed} failed (with {' '.join(options)})")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
