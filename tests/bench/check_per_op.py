#!/usr/bin/python3
"""The per-operation overhead chains of bench/overhead (per_op.fx on numbers, per_op_tensor.fx on
one-element tensors; bench/harness/per_op.py) at a few repetitions, as `make bench` checks them
before timing: each must run natively (the harness's fallback to the interpreter counts as a
failure here) and its objective and gradient must agree with the hand-written C++ peer
(bench/peers/cpp/overhead.cpp, built here with g++) to 1e-8. Nothing is timed.

    check_per_op.py FLUXION     (run by /usr/bin/python3, which has NumPy)
"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench"))
from harness import per_op, runner  # noqa: E402


def main(fluxion):
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        peer = os.path.join(tmp, "overhead")
        subprocess.run(["g++", "-O2", "-std=c++20", "-o", peer, os.path.join(ROOT, "bench", "peers", "cpp", "overhead.cpp")],
                       check=True)
        for label, program, workload, _, _ in per_op.CHAINS:
            for reps in (1, 7):
                try:
                    row = per_op.run_chain(fluxion, label, program, workload, reps, 1, 0.0, peer_binary=peer)
                    if row.get("engine") != "native":
                        failures.append("%s ran in the %s: %s" % (program, row.get("engine"), row.get("engine_reason")))
                except runner.RunError as e:
                    failures.append("%s at REPS=%d: %s" % (program, reps, e))
    total = 2 * len(per_op.CHAINS)
    for f in failures:
        print("FAIL:", f)
    print("%d passed, %d failed" % (total - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(os.path.abspath(sys.argv[1])))
