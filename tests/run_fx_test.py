#!/usr/bin/env python3
"""Runs one Fluxion language test and checks it against the expectations written in it.

Usage: run_fx_test.py PATH/TO/fluxion FILE.fx

A test file states what it expects in comment lines (anywhere in the file, usually at the top):

  # RUN: run [ARG...]     fluxion run FILE [ARG...]             (the default)
  # RUN: eval EXPR        fluxion eval FILE EXPR   (EXPR is the rest of the line, verbatim)
  # RUN: check [ARG...]   fluxion check FILE [ARG...]
  # RUN: args ARG...      fluxion ARG...  ({file} stands for FILE; shell-like quoting)
  # EXIT: N               expected exit status (default 0)
  # EXPECT: text          one line of stdout; together, in order, they are the whole stdout.
                          `# EXPECT:` alone is an empty line. A test with EXIT 0 and no
                          EXPECT line expects empty stdout; a failing test (EXIT != 0) without
                          EXPECT lines does not check stdout.
  # STDERR: text          must occur in stderr (substring, case-sensitive); {file} is FILE
  # STDERR-RE: regex      must match somewhere in stderr (Python `re.search`, multiline);
                          {file} is re.escape(FILE). For messages whose wording is free.

Always checked as well: a crash is a failure, whatever the test expects. The exit status
must be 0, 1, 2 or 64 (LANGUAGE.md §10), and on a non-zero exit stderr must not show a C++
exception, an abort, a sanitizer report or an internal compiler error.

Only the Python standard library is used. Exit status: 0 pass, 1 fail.
"""

import difflib
import os
import re
import shlex
import subprocess
import sys

TIMEOUT_S = 60 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile
ALLOWED_EXIT_CODES = (0, 1, 2, 64)
# Text that shows the program crashed instead of reporting a located error.
CRASH_MARKERS = (
    "terminate called",
    "Segmentation",
    "Aborted",
    "what():",
    "AddressSanitizer",
    "LeakSanitizer",
    "runtime error:",  # UBSan
    "internal compiler error",
    "internal error",
)

DIRECTIVE = re.compile(r"^\s*#\s*(RUN|EXIT|EXPECT|STDERR-RE|STDERR)\s*:(.*)$")


class TestFileError(Exception):
    """The test file itself is malformed (a bug in the test, not in Fluxion)."""


class Spec:
    def __init__(self):
        self.run = None          # (kind, rest-of-line)
        self.exit_code = None
        self.expect = []         # stdout lines
        self.stderr = []         # substrings
        self.stderr_re = []      # regexes


def directive_text(raw):
    """`# EXPECT: text` keeps text exactly, minus the one space after the colon."""
    raw = raw.rstrip("\r\n")
    return raw[1:] if raw.startswith(" ") else raw


def parse_spec(path):
    spec = Spec()
    # Decoded leniently: a test may deliberately contain bytes that are not UTF-8.
    with open(path, "rb") as f:
        lines = f.read().decode("utf-8", "replace").replace("\r\n", "\n").split("\n")
    for lineno, line in enumerate(lines, 1):
        m = DIRECTIVE.match(line)
        if not m:
            continue
        key, raw = m.group(1), m.group(2)
        text = directive_text(raw)
        where = f"{path}:{lineno}"
        if key == "RUN":
            if spec.run is not None:
                raise TestFileError(f"{where}: more than one RUN line")
            body = text.strip()
            kind, _, rest = body.partition(" ")
            if kind not in ("run", "eval", "check", "args"):
                raise TestFileError(f"{where}: RUN must be run, eval, check or args, not {kind!r}")
            if kind == "eval" and not rest.strip():
                raise TestFileError(f"{where}: RUN: eval needs an expression")
            spec.run = (kind, rest.strip())
        elif key == "EXIT":
            if spec.exit_code is not None:
                raise TestFileError(f"{where}: more than one EXIT line")
            try:
                spec.exit_code = int(text.strip())
            except ValueError:
                raise TestFileError(f"{where}: EXIT needs an integer, got {text.strip()!r}")
        elif key == "EXPECT":
            spec.expect.append(text)
        elif key == "STDERR":
            if not text.strip():
                raise TestFileError(f"{where}: empty STDERR line")
            spec.stderr.append(text)
        elif key == "STDERR-RE":
            try:
                re.compile(text)
            except re.error as e:
                raise TestFileError(f"{where}: bad STDERR-RE regex: {e}")
            spec.stderr_re.append(text)
    if spec.run is None:
        spec.run = ("run", "")
    if spec.exit_code is None:
        spec.exit_code = 0
    return spec


def build_command(fluxion, path, spec, extra=()):
    """The command line of the test; `extra` options go right after a run, eval or check verb
    (check_unoptimised.py runs the corpus with --opt=0 this way)."""
    kind, rest = spec.run
    extra = list(extra)
    if kind == "eval":
        return [fluxion, "eval", path] + extra + [rest]
    words = [a.replace("{file}", path) for a in shlex.split(rest)]
    if kind == "args":
        if words and words[0] in ("run", "eval", "check", "ir", "emit-c"):
            return [fluxion, words[0]] + extra + words[1:]
        return [fluxion] + words
    return [fluxion, kind, path] + extra + words


def show(title, text):
    print(f"--- {title} ---")
    if not text:
        print("(empty)")
        return
    sys.stdout.write(text)
    if not text.endswith("\n"):
        print("\n(no newline at end)")


def main(argv):
    if len(argv) != 3:
        print("usage: run_fx_test.py FLUXION FILE.fx", file=sys.stderr)
        return 2
    return check_file(argv[1], argv[2])


def check_file(fluxion, path, extra=()):
    """Runs one test file (with `extra` options, see build_command); prints PASS or the
    failure with its evidence; returns 0 on a pass, 1 on a failure."""
    try:
        spec = parse_spec(path)
    except (OSError, TestFileError) as e:
        print(f"FAIL (bad test file): {e}")
        return 1

    cmd = build_command(fluxion, path, spec, extra)
    try:
        proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=TIMEOUT_S)
    except FileNotFoundError:
        print(f"FAIL: cannot execute {fluxion!r}")
        return 1
    except subprocess.TimeoutExpired as e:
        print(f"FAIL: timed out after {TIMEOUT_S} s: {shlex.join(cmd)}")
        if e.stdout:
            show("stdout so far", e.stdout.decode("utf-8", "replace"))
        if e.stderr:
            show("stderr so far", e.stderr.decode("utf-8", "replace"))
        return 1

    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    code = proc.returncode
    problems = []

    if code not in ALLOWED_EXIT_CODES:
        what = f"killed by signal {-code}" if code < 0 else f"exit status {code}"
        problems.append(f"crash: {what} (allowed exit statuses: 0, 1, 2, 64)")
    if code != spec.exit_code:
        problems.append(f"exit status: expected {spec.exit_code}, got {code}")
    if code != 0:
        for marker in CRASH_MARKERS:
            if marker in err:
                problems.append(f"crash: stderr contains {marker!r}")

    expected_out = "".join(line + "\n" for line in spec.expect)
    check_stdout = bool(spec.expect) or spec.exit_code == 0
    if check_stdout and out != expected_out:
        problems.append("stdout differs from the EXPECT lines")

    for want in spec.stderr:
        want = want.replace("{file}", path)
        if want not in err:
            problems.append(f"stderr lacks: {want!r}")
    for pattern in spec.stderr_re:
        regex = pattern.replace("{file}", re.escape(path))
        if not re.search(regex, err, re.MULTILINE):
            problems.append(f"stderr does not match: /{regex}/")

    if not problems:
        print(f"PASS: {path}")
        return 0

    print(f"FAIL: {path}")
    print(f"command: {shlex.join(cmd)}")
    for p in problems:
        print(f"  * {p}")
    if check_stdout and out != expected_out:
        print("--- stdout diff (expected → actual) ---")
        diff = difflib.unified_diff(expected_out.splitlines(keepends=True),
                                    out.splitlines(keepends=True),
                                    fromfile="expected", tofile="actual", lineterm="\n")
        for line in diff:
            sys.stdout.write(line if line.endswith("\n") else line + "\n")
    show("actual stdout", out)
    show("actual stderr", err)
    print(f"--- exit status: {code} (expected {spec.exit_code}) ---")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
