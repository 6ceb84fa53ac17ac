#!/usr/bin/env python3
"""The differential test runs each program once per engine whatever its RUN line says.

Usage: differential_engine_test.py

A RUN line may name an engine itself (`# RUN: run --native 2.0`); since the CLI's last engine
option wins, passing it on after `--interp` would make both of differential.py's runs native, a
comparison that cannot fail. This runs differential.run() with a stand-in for the CLI that
prints its arguments, and checks that each engine is the only one on the command line, and that
words after `--` (the program's own) are kept. Exit status 0 when they are.
"""

import os
import stat
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import differential  # noqa: E402

CASES = [
    (["run", "p.fx", "--native", "2.0"], "run {engine} p.fx 2.0"),
    (["run", "p.fx", "--interp", "--opt=1"], "run {engine} p.fx --opt=1"),
    (["eval", "p.fx", "f(1.0)"], "eval {engine} p.fx f(1.0)"),
    (["run", "p.fx", "--", "--native"], "run {engine} p.fx -- --native"),
]


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as d:
        fake = os.path.join(d, "fluxion")
        with open(fake, "w") as f:
            f.write('#!/bin/sh\necho "$@"\n')
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        for args, expected in CASES:
            for engine in ("--native", "--interp"):
                code, out, _ = differential.run(fake, engine, args)
                want = expected.format(engine=engine)
                if code != 0 or out.strip() != want:
                    print(f"FAIL: {args} with {engine}: ran `{out.strip()}`, expected `{want}`")
                    failures += 1
    print(f"{len(CASES) * 2 - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
