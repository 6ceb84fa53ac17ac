#!/usr/bin/python3
"""The dF~ benchmarks of bench/dff (BENCHMARKS.md §C) at a small size, as `make bench` checks them
before timing: each derivative by forward mode (jacfwd) and by reverse mode (jacrev) must agree
with the other and with the closed form where there is one (bench/harness/dff.py), and run
natively (the harness falls back to the interpreter only on the back end's "does not support"
error, which this test counts as a failure too). Nothing is timed.

    check_dff.py FLUXION     (run by /usr/bin/python3, which has NumPy)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from harness import dff, runner  # noqa: E402


def main(fluxion):
    failures = []
    for name, run in (("micro.fx", dff.run_micro), ("apps.fx", dff.run_apps)):
        for n in (3, 10):
            try:
                row = run(fluxion, n, 1, 0.0)
                if row.get("engine") != "native":
                    failures.append("%s at n=%d ran in the %s: %s" % (name, n, row.get("engine"), row.get("engine_reason")))
            except runner.RunError as e:
                failures.append("%s at n=%d: %s" % (name, n, e))
    for f in failures:
        print("FAIL:", f)
    print("%d passed, %d failed" % (4 - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
