#!/usr/bin/env python3
"""Derivatives ahead of time over the language tests (docs/ad.md §10).

Usage: check_expanded.py FLUXION [--shard K/N]

For every tests/lang program that runs main() and succeeds (`# RUN: run`, EXIT 0):
  1. `fluxion ir FILE --fn main --stage expanded` must succeed: the expansion ran and the IR
     and type verifiers passed on its output;
  2. if it reports `# not expanded:` lines, the program must be listed in not_yet.txt (the
     known gaps, which this check keeps from growing; a listed program that now expands is
     reported, so that the list shrinks);
  3. otherwise `fluxion run --expanded FILE` must print exactly what the test expects: the
     expanded program runs without the run-time AD engine (reaching it is an internal error).
Prints one line per failure and a summary `N passed, N failed`. Exit status 0 when none failed.
"""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)
import run_fx_test  # noqa: E402  (the test-file format: RUN, EXIT, EXPECT)

TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


def programs():
    out = []
    for root, _, files in os.walk(os.path.join(TESTS, "lang")):
        for name in files:
            if name.endswith(".fx"):
                out.append(os.path.join(root, name))
    return sorted(out)


def not_yet():
    listed = set()
    with open(os.path.join(HERE, "not_yet.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                listed.add(line)
    return listed


def main(argv):
    fluxion = argv[1]
    shard, shards = 0, 1
    if len(argv) > 3 and argv[2] == "--shard":
        shard, shards = (int(x) for x in argv[3].split("/"))
    listed = not_yet()
    passed, failed, gaps, now_expand = 0, 0, 0, []
    for i, path in enumerate(programs()):
        if i % shards != shard:
            continue
        rel = os.path.relpath(path, TESTS)
        spec = run_fx_test.parse_spec(path)
        if spec.run[0] != "run" or spec.exit_code != 0:
            continue
        ir = subprocess.run([fluxion, "ir", path, "--fn", "main", "--stage", "expanded"], cwd=TESTS,
                            capture_output=True, text=True, timeout=TIMEOUT_S)
        if ir.returncode != 0:
            print(f"FAIL {rel}: `ir --stage expanded` exited {ir.returncode}: {ir.stderr.strip()[:300]}")
            failed += 1
            continue
        if "# not expanded:" in ir.stdout:
            if rel in listed:
                gaps += 1
                passed += 1
            else:
                first = ir.stdout[ir.stdout.index("# not expanded:"):].splitlines()[0]
                print(f"FAIL {rel}: not expanded and not in not_yet.txt: {first}")
                failed += 1
            continue
        if rel in listed:
            now_expand.append(rel)
        cmd = run_fx_test.build_command(fluxion, path, spec)
        cmd.insert(2, "--expanded")
        r = subprocess.run(cmd, cwd=TESTS, capture_output=True, text=True, timeout=TIMEOUT_S)
        got = r.stdout.split("\n")
        if got and got[-1] == "":
            got.pop()
        if r.returncode != 0 or got != spec.expect:
            print(f"FAIL {rel}: `run --expanded` exited {r.returncode}; stdout differs from the test's "
                  f"EXPECT lines: {r.stdout[:200]!r} {r.stderr.strip()[:300]}")
            failed += 1
            continue
        passed += 1
    for rel in now_expand:
        print(f"note: {rel} expands now; remove it from not_yet.txt")
    print(f"expanded and run alike: {passed - gaps}, known gaps (not_yet.txt): {gaps}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 and not now_expand else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
