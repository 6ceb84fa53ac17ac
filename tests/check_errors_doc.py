#!/usr/bin/env python3
"""Checks that docs/errors.md and the error tests under tests/ agree.

Usage: check_errors_doc.py SOURCE_ROOT [--fluxion PATH/TO/fluxion]

docs/errors.md lists every class of bad input in Markdown tables whose header has the columns
`bad input`, `exit code`, `what the user gets` and `test`. This script checks:

  * every row of such a table names at least one test path (`tests/...`) in its test column;
  * every named test file exists;
  * the row's exit code equals the `# EXIT:` of every `.fx` test it names (default 0);
  * every file under tests/errors/ is named by some row, so a new error test needs a row.

With --fluxion it also runs each row's `.fx` tests (as tests/run_fx_test.py would) and checks
that every message the row quotes occurs in the stderr of at least one of them. A message is a
code span in the `what the user gets` column that starts with `error:`, `fluxion:`, `FILE` or
`<expr>`; `FILE` stands for any path. Other code spans there are commentary.

Prints one line per failure, then `N passed, N failed`; exits 1 if anything failed.
Only the Python standard library is used.
"""

import os
import re
import subprocess
import sys

DOC = os.path.join("docs", "errors.md")
ERROR_TESTS = os.path.join("tests", "errors")
REQUIRED_COLUMNS = ("bad input", "exit code", "what the user gets", "test")
TEST_PATH = re.compile(r"tests/[A-Za-z0-9_./-]*[A-Za-z0-9_]")
EXIT_DIRECTIVE = re.compile(r"^\s*#\s*EXIT\s*:(.*)$")
MESSAGE_START = ("error:", "fluxion:", "FILE", "<expr>")
RUN_TIMEOUT_S = 60 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile


class Row:
    def __init__(self, lineno, cells):
        self.lineno = lineno
        self.cells = cells  # column name -> cell text

    def where(self):
        return f"{DOC}:{self.lineno}"


def split_cells(line):
    """Splits a Markdown table line on unescaped `|` (GFM splits inside code spans too)."""
    body = line.strip()
    if body.startswith("|"):
        body = body[1:]
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    cells, current, i = [], "", 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body) and body[i + 1] == "|":
            current += "|"
            i += 2
            continue
        if body[i] == "|":
            cells.append(current.strip())
            current = ""
        else:
            current += body[i]
        i += 1
    cells.append(current.strip())
    return cells


def is_separator(cells):
    return all(re.fullmatch(r":?-{3,}:?", c) for c in cells)


def parse_tables(text, failures):
    """Returns the data rows of the error tables. Tables without a `test` or `bad input`
    column (the exit-code table) are not error tables and are skipped."""
    rows = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.lstrip().startswith("|") or i + 1 >= len(lines):
            i += 1
            continue
        header = [c.lower() for c in split_cells(line)]
        if not lines[i + 1].lstrip().startswith("|") or not is_separator(split_cells(lines[i + 1])):
            i += 1
            continue
        is_error_table = "test" in header or "bad input" in header
        missing = [c for c in REQUIRED_COLUMNS if c not in header]
        if is_error_table and missing:
            failures.append(f"{DOC}:{i + 1}: error table lacks the column(s) {', '.join(missing)}")
        i += 2
        while i < len(lines) and lines[i].lstrip().startswith("|"):
            if is_error_table and not missing:
                cells = split_cells(lines[i])
                if len(cells) != len(header):
                    failures.append(f"{DOC}:{i + 1}: row has {len(cells)} cells, the header {len(header)}")
                else:
                    rows.append(Row(i + 1, dict(zip(header, cells))))
            i += 1
    return rows


def expected_exit(path):
    with open(path, "rb") as f:
        for raw in f.read().decode("utf-8", "replace").split("\n"):
            m = EXIT_DIRECTIVE.match(raw)
            if m:
                return int(m.group(1).strip())
    return 0


def code_spans(cell):
    """Inline code spans of a cell (CommonMark: a run of N backticks closes a run of N)."""
    spans, i = [], 0
    while i < len(cell):
        if cell[i] != "`":
            i += 1
            continue
        n = len(cell[i:]) - len(cell[i:].lstrip("`"))
        fence = "`" * n
        end = cell.find(fence, i + n)
        while end != -1 and cell[end + n:end + n + 1] == "`":
            end = cell.find(fence, end + n + 1)
        if end == -1:
            break
        content = cell[i + n:end]
        if len(content) >= 2 and content.startswith(" ") and content.endswith(" ") and content.strip():
            content = content[1:-1]
        spans.append(content)
        i = end + n
    return spans


def message_pattern(message):
    return re.compile(re.escape(message).replace("FILE", r"\S+"))


def stderr_of(root, fluxion, test_path):
    """Runs one .fx test the way tests/run_fx_test.py does and returns its stderr."""
    tests_dir = os.path.join(root, "tests")
    if tests_dir not in sys.path:
        sys.path.insert(0, tests_dir)
    sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
    import run_fx_test  # noqa: E402  (the tests' own runner decides the command line)
    spec = run_fx_test.parse_spec(test_path)
    cmd = run_fx_test.build_command(fluxion, test_path, spec)
    proc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=RUN_TIMEOUT_S)
    return proc.stderr.decode("utf-8", "replace")


def check_row(root, row, fluxion, named, failures):
    """Returns True when the row passes; records the files it names in `named`."""
    ok = True
    paths = TEST_PATH.findall(row.cells["test"])
    if not paths:
        failures.append(f"{row.where()}: the row names no test (a path under tests/)")
        return False
    exit_cell = row.cells["exit code"].strip("` ")
    try:
        exit_code = int(exit_cell)
    except ValueError:
        failures.append(f"{row.where()}: exit code {exit_cell!r} is not a number")
        exit_code = None
        ok = False
    fx_tests = []
    for rel in paths:
        full = os.path.join(root, rel)
        if not os.path.isfile(full):
            failures.append(f"{row.where()}: {rel} does not exist")
            ok = False
            continue
        named.add(os.path.normpath(rel))
        if rel.endswith(".fx"):
            fx_tests.append(rel)
            want = expected_exit(full)
            if exit_code is not None and want != exit_code:
                failures.append(f"{row.where()}: the row says exit {exit_code}, {rel} expects {want}")
                ok = False
    if fluxion and fx_tests:
        messages = [s for s in code_spans(row.cells["what the user gets"]) if s.startswith(MESSAGE_START)]
        # Run from tests/ with paths relative to it, as ctest does.
        outputs = []
        cwd = os.getcwd()
        try:
            os.chdir(os.path.join(root, "tests"))
            for rel in fx_tests:
                outputs.append(stderr_of(root, fluxion, os.path.relpath(os.path.join(root, rel))))
        finally:
            os.chdir(cwd)
        for message in messages:
            pattern = message_pattern(message)
            if not any(pattern.search(err) for err in outputs):
                failures.append(f"{row.where()}: no test of the row prints {message!r}")
                ok = False
    return ok


def main(argv):
    args = argv[1:]
    fluxion = None
    if "--fluxion" in args:
        k = args.index("--fluxion")
        if k + 1 >= len(args):
            print("usage: check_errors_doc.py SOURCE_ROOT [--fluxion PATH]", file=sys.stderr)
            return 2
        fluxion = os.path.abspath(args[k + 1])
        del args[k:k + 2]
    if len(args) != 1:
        print("usage: check_errors_doc.py SOURCE_ROOT [--fluxion PATH]", file=sys.stderr)
        return 2
    root = os.path.abspath(args[0])

    failures = []
    passed = failed = 0
    try:
        with open(os.path.join(root, DOC), encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        print(f"FAIL: cannot read {DOC}: {e}")
        print("0 passed, 1 failed")
        return 1

    rows = parse_tables(text, failures)
    failed += len(failures)
    if not rows:
        failures.append(f"{DOC}: no error tables found")
        failed += 1

    named = set()
    for row in rows:
        if check_row(root, row, fluxion, named, failures):
            passed += 1
        else:
            failed += 1

    for dirpath, dirnames, filenames in os.walk(os.path.join(root, ERROR_TESTS)):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "__pycache__")
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            rel = os.path.normpath(os.path.relpath(os.path.join(dirpath, name), root))
            if rel in named:
                passed += 1
            else:
                failures.append(f"{rel}: no row of {DOC} names this test; add one")
                failed += 1

    for f in failures:
        print(f"FAIL: {f}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
