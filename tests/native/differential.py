#!/usr/bin/env python3
"""Differential test of the native back end against the interpreter (docs/codegen.md).

Usage: differential.py PATH/TO/fluxion DIR... [--jobs N] [--min-native N]

Every program under the DIRs that runs main() or evaluates (`# RUN: run ...`, the default,
`# RUN: eval EXPR`, or `# RUN: args run|eval ...`), unless it says `# NATIVE-ONLY: why`, is run
twice: with `--native` and with `--interp`.
A program the C back end does not support yet stops at once with the located error
"the native back end does not support X yet"; it is counted by reason X. Every other program
must behave the same in both engines: the same exit status, the same stdout (numbers equal to
1e-12 relative), and on failure the same error location (the first FILE:LINE:COL: of stderr)
and message. Prints the counts of supported and unsupported programs, by reason.

With --min-native N, fewer than N programs run natively alike is a failure too: a construct
that stops being emitted sends programs back to the interpreter silently otherwise.

Only the Python standard library is used. Exit status: 0 pass, 1 a difference (or too few
native programs).
"""

import collections
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys

TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile
RUN_LINE = re.compile(r"^\s*#\s*RUN\s*:(.*)$", re.MULTILINE)
NATIVE_ONLY = re.compile(r"^\s*#\s*NATIVE-ONLY\s*:", re.MULTILINE)
UNSUPPORTED = re.compile(r"the native back end does not support (.*) yet")
LOCATED = re.compile(r"^(.*?:\d+:\d+): error: (.*)$", re.MULTILINE)
NUMBER = re.compile(r"-?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|-?inf|nan")


def run_arguments(path):
    """The command's arguments: `run FILE ARGS...` or `eval FILE EXPR`; None when the test
    neither runs main() nor evaluates (or pins what only native code does)."""
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    if NATIVE_ONLY.search(text):
        return None
    m = RUN_LINE.search(text)
    if not m:
        return ["run", path]
    kind, _, rest = m.group(1).strip().partition(" ")
    if kind == "run":
        return ["run", path] + shlex.split(rest)
    if kind == "eval":
        return ["eval", path, rest.strip()]
    if kind == "args":
        words = [w.replace("{file}", path) for w in shlex.split(rest)]
        if words[:1] in (["run"], ["eval"]):
            return words
    return None


def run(fluxion, engine, args):
    """Runs the command with `engine` (--native or --interp) in place of the engine its RUN line
    names (the last engine option wins: a test's own `--native` would make both runs native)."""
    rest = args[1:]
    end = rest.index("--") if "--" in rest else len(rest)
    rest = [w for w in rest[:end] if w not in ("--native", "--interp")] + rest[end:]
    cmd = [fluxion, args[0], engine] + rest  # before a `--` that ends the options
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return None, "", "timed out"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def same_numbers(a, b):
    """Lines equal, or equal but for numbers within 1e-12 relative."""
    if a == b:
        return True
    la, lb = a.splitlines(), b.splitlines()
    if len(la) != len(lb):
        return False
    for x, y in zip(la, lb):
        if NUMBER.sub("#", x) != NUMBER.sub("#", y):
            return False
        for u, v in zip(NUMBER.findall(x), NUMBER.findall(y)):
            if u == v:
                continue
            try:
                fu, fv = float(u), float(v)
            except ValueError:
                return False
            if abs(fu - fv) > 1e-12 * max(abs(fu), abs(fv)):
                return False
    return True


def compare(fluxion, path):
    """(status, detail): status is 'same', 'unsupported' (detail: the reason) or 'differs'."""
    args = run_arguments(path)
    if args is None:
        return "skipped", "not a run of main()"
    code_n, out_n, err_n = run(fluxion, "--native", args)
    m = UNSUPPORTED.search(err_n)
    if code_n == 1 and m:
        return "unsupported", re.sub(r" \(.*", "", m.group(1))
    code_i, out_i, err_i = run(fluxion, "--interp", args)
    problems = []
    if code_n != code_i:
        problems.append(f"exit status: native {code_n}, interpreter {code_i}")
    if not same_numbers(out_n, out_i):
        problems.append(f"stdout differs:\n--- native\n{out_n}--- interpreter\n{out_i}")
    if code_i not in (0, None):
        loc_n, loc_i = LOCATED.search(err_n), LOCATED.search(err_i)
        where_n = loc_n.groups() if loc_n else err_n.strip()
        where_i = loc_i.groups() if loc_i else err_i.strip()
        if where_n != where_i:
            problems.append(f"error differs:\n  native:      {where_n}\n  interpreter: {where_i}")
    if problems:
        return "differs", "\n".join(problems)
    return "same", ""


def main(argv):
    jobs = 2
    if "--jobs" in argv:
        i = argv.index("--jobs")
        jobs = int(argv[i + 1])
        del argv[i:i + 2]
    min_native = 0
    if "--min-native" in argv:
        i = argv.index("--min-native")
        min_native = int(argv[i + 1])
        del argv[i:i + 2]
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    fluxion, dirs = argv[1], argv[2:]
    files = sorted(os.path.join(root, f) for d in dirs for root, _, names in os.walk(d)
                   for f in names if f.endswith(".fx"))
    results = {}
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        for path, result in zip(files, pool.map(lambda p: compare(fluxion, p), files)):
            results[path] = result
    counts = collections.Counter(status for status, _ in results.values())
    reasons = collections.Counter(detail for status, detail in results.values() if status == "unsupported")
    for path, (status, detail) in results.items():
        if status == "differs":
            print(f"DIFFERS: {path}\n{detail}\n")
    print(f"{len(files)} programs: {counts['same']} native and interpreted alike, "
          f"{counts['unsupported']} not supported natively yet, {counts['skipped']} not runs of main(), "
          f"{counts['differs']} different")
    for reason, n in reasons.most_common():
        print(f"  {n:4d}  {reason}")
    if counts["same"] < min_native:
        print(f"FAIL: {counts['same']} programs ran natively, fewer than the {min_native} expected "
              "(a construct the C back end emitted before now runs in the interpreter)")
        return 1
    return 1 if counts["differs"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
