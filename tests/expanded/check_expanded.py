#!/usr/bin/env python3
"""Derivatives ahead of time over the language tests (docs/ad.md §10).

Usage: check_expanded.py FLUXION [--shard K/N]

For every tests/lang program that runs main() and succeeds (`# RUN: run`, EXIT 0),
`fluxion ir FILE --fn main --stage expanded` must succeed (the expansion ran, and the IR and
type-checking verifiers passed on its output), report nothing it could not expand (`# not
expanded:` lines), and leave no derivative operator, jfn or tfn applied in the program. The
test program itself, run by its own test, runs that expanded program: `fluxion run` builds
every derivative ahead of time, and the interpreter's run-time AD engine is reachable only by
the AD engine's unit tests.
Prints one line per failure and a summary `N passed, N failed`. Exit status 0 when none failed.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)
import run_fx_test  # noqa: E402  (the test-file format: RUN, EXIT, EXPECT)

# A node that applies a derivative operator, jfn or tfn (types, after ':', may name them).
OPERATOR = re.compile(r"^\s*%\S+ = (grad|value_and_grad|jvp|vjp|jacfwd|jacrev|hessian|derivative|checkpoint|"
                      r"custom_vjp|custom_jvp|grad_hook|stop_gradient|jfn|tfn)\(", re.M)
TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


def programs():
    out = []
    for root, _, files in os.walk(os.path.join(TESTS, "lang")):
        for name in files:
            if name.endswith(".fx"):
                out.append(os.path.join(root, name))
    return sorted(out)


def main(argv):
    fluxion = argv[1]
    shard, shards = 0, 1
    if len(argv) > 3 and argv[2] == "--shard":
        shard, shards = (int(x) for x in argv[3].split("/"))
    passed, failed = 0, 0
    for i, path in enumerate(programs()):
        if i % shards != shard:
            continue
        rel = os.path.relpath(path, TESTS)
        spec = run_fx_test.parse_spec(path)
        if spec.run[0] != "run" or spec.exit_code != 0:
            continue
        ir = subprocess.run([fluxion, "ir", path, "--fn", "main", "--stage", "expanded"], cwd=TESTS,
                            capture_output=True, text=True, timeout=TIMEOUT_S)
        left = OPERATOR.search(ir.stdout)
        if ir.returncode != 0:
            print(f"FAIL {rel}: `ir --stage expanded` exited {ir.returncode}: {ir.stderr.strip()[:300]}")
        elif "# not expanded:" in ir.stdout:
            print(f"FAIL {rel}: {ir.stdout[ir.stdout.index('# not expanded:'):].splitlines()[0]}")
        elif left:
            print(f"FAIL {rel}: a derivative operator is left: {left.group(0).strip()}")
        else:
            passed += 1
            continue
        failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1

if __name__ == "__main__":
    sys.exit(main(sys.argv))
