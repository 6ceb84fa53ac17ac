#!/usr/bin/env python3
"""Golden IR of the optimiser (docs/opt.md).

Usage: check_golden.py FLUXION FILE.fx

FILE states, in comment lines:
  # GOLDEN-FN: NAME    the function whose optimised IR is checked
  # IR: text           one line of `fluxion ir FILE --fn NAME --stage opt`; together, in order,
                       they are the whole output, with FILE written as {file}
  # EXPECT: text       one line of what `fluxion run FILE` prints, the same with --opt=0
Exit status 0 when everything matches; otherwise the differences are printed.
"""

import difflib
import re
import subprocess
import sys

DIRECTIVE = re.compile(r"^\s*#\s*(GOLDEN-FN|IR|EXPECT)\s*:(.*)$")


def text_of(raw):
    raw = raw.rstrip("\n")
    return raw[1:] if raw.startswith(" ") else raw


def main(argv):
    fluxion, path = argv[1], argv[2]
    fn, ir, expect = None, [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = DIRECTIVE.match(line)
            if not m:
                continue
            key, value = m.group(1), text_of(m.group(2))
            if key == "GOLDEN-FN":
                fn = value.strip()
            elif key == "IR":
                ir.append(value)
            else:
                expect.append(value)
    if not fn or not ir:
        print(f"FAIL (bad test file): {path} needs # GOLDEN-FN: and # IR: lines")
        return 1
    problems = []
    proc = subprocess.run([fluxion, "ir", path, "--fn", fn, "--stage", "opt"], capture_output=True, text=True,
                          timeout=60)
    got = proc.stdout.replace(path, "{file}").splitlines()
    if proc.returncode != 0 or got != ir:
        problems.append(f"ir --stage opt of {fn} (exit {proc.returncode}) differs:\n" + proc.stderr +
                        "".join(l + "\n" for l in difflib.unified_diff(ir, got, "expected", "actual", lineterm="")))
    for extra in ([], ["--opt=0"]):
        run = subprocess.run([fluxion, "run", *extra, path], capture_output=True, text=True, timeout=60)
        if run.returncode != 0 or run.stdout.splitlines() != expect:
            problems.append(f"run {' '.join(extra)}: exit {run.returncode}, printed {run.stdout!r}, expected "
                            f"{expect!r}\n{run.stderr}")
    if problems:
        print(f"FAIL: {path}")
        for p in problems:
            print(p)
        return 1
    print(f"PASS: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
