#!/usr/bin/env python3
"""Golden IR of the optimiser (docs/opt.md).

Usage: check_golden.py FLUXION FILE.fx

FILE states, in comment lines:
  # GOLDEN-FN: NAME    the function whose optimised IR is checked
  # STAGE: native      read `--stage native` (the derivative code the C emitter reads, optimised)
                       instead of `--stage opt`
  # IR: text           one line of `fluxion ir FILE --fn NAME --stage opt`; together, in order,
                       they are the whole output, with FILE written as {file}
  Or, instead of IR lines, properties of one graph of the output (derivative code's node ids
  change with every other rewrite, its shape is what is checked):
  # GOLDEN-GRAPH: P    the graph whose name starts with P (the first one printed); the lines
                       below it, up to the next GOLDEN-GRAPH, are about it
  # IR-HAS: regex      matches that graph's text (Python re, MULTILINE: ^ and $ are its lines)
  # IR-NOT: regex      does not match it
  # IR-COUNT: N regex  matches exactly N of its lines
  And, about the C of the whole program (`fluxion emit-c FILE`):
  # C-HAS: regex       matches the C (Python re, MULTILINE)
  # C-NOT: regex       does not match it
  # C-COUNT: N regex   matches exactly N of its lines
  # EXPECT: text       one line of what `fluxion run FILE` prints, the same with --opt=0
  # FLAGS: ARG...      options for every fluxion command above (`--grad-mode=reverse` for a
                       test of reverse mode's code on a function of one f64)
Exit status 0 when everything matches; otherwise the differences are printed.
"""

import difflib
import os
import re
import subprocess
import sys

TIMEOUT_S = 60 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile

DIRECTIVE = re.compile(r"^\s*#\s*(GOLDEN-FN|GOLDEN-GRAPH|STAGE|IR-HAS|IR-NOT|IR-COUNT|IR|C-HAS|C-NOT|C-COUNT|EXPECT|FLAGS)\s*:(.*)$")


def text_of(raw):
    raw = raw.rstrip("\n")
    return raw[1:] if raw.startswith(" ") else raw


def graph_text(output, prefix):
    """The lines of the first printed graph whose name starts with prefix, or None."""
    lines, inside = [], False
    for line in output.splitlines():
        if line.startswith("graph @"):
            if inside:
                break
            inside = line.startswith("graph @" + prefix)
        if inside:
            lines.append(line)
    return "\n".join(lines) if lines else None


def property_problems(text, props):
    problems = []
    for key, value in props:
        if key == "IR-HAS" and not re.search(value, text, re.M):
            problems.append(f"no match for IR-HAS: {value}")
        elif key == "IR-NOT" and re.search(value, text, re.M):
            problems.append(f"a match for IR-NOT: {value}: {re.search(value, text, re.M).group(0)!r}")
        elif key == "IR-COUNT":
            count, _, regex = value.strip().partition(" ")
            got = sum(1 for line in text.splitlines() if re.search(regex, line))
            if got != int(count):
                problems.append(f"{got} lines match IR-COUNT: {value} (expected {count})")
    return problems


def main(argv):
    fluxion, path = argv[1], argv[2]
    fn, ir, expect, stage, graph, props, c_props, flags = None, [], [], "opt", None, [], [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = DIRECTIVE.match(line)
            if not m:
                continue
            key, value = m.group(1), text_of(m.group(2))
            if key == "GOLDEN-FN":
                fn = value.strip()
            elif key == "STAGE":
                stage = value.strip()
            elif key == "GOLDEN-GRAPH":
                graph = value.strip()
            elif key in ("IR-HAS", "IR-NOT", "IR-COUNT") and graph:
                props.append((graph, key, value))
            elif key in ("C-HAS", "C-NOT", "C-COUNT"):
                c_props.append(("IR-" + key[2:], value))
            elif key == "IR":
                ir.append(value)
            elif key == "FLAGS":
                flags += value.split()
            else:
                expect.append(value)
    if not fn or not (ir or (graph and props)):
        print(f"FAIL (bad test file): {path} needs # GOLDEN-FN: and # IR: lines, or # GOLDEN-GRAPH: and "
              "# IR-HAS/IR-NOT/IR-COUNT: lines")
        return 1
    problems = []
    proc = subprocess.run([fluxion, "ir", *flags, path, "--fn", fn, "--stage", stage], capture_output=True, text=True,
                          timeout=TIMEOUT_S)
    got = proc.stdout.replace(path, "{file}").splitlines()
    if ir and (proc.returncode != 0 or got != ir):
        problems.append(f"ir --stage {stage} of {fn} (exit {proc.returncode}) differs:\n" + proc.stderr +
                        "".join(l + "\n" for l in difflib.unified_diff(ir, got, "expected", "actual", lineterm="")))
    for name in dict.fromkeys(g for g, _, _ in props):
        text = graph_text(proc.stdout, name) if proc.returncode == 0 else None
        if text is None:
            problems.append(f"ir --stage {stage} of {fn} (exit {proc.returncode}) prints no graph @{name}...\n" +
                            proc.stderr)
            continue
        found = property_problems(text, [(k, v) for g, k, v in props if g == name])
        if found:
            problems.append(f"graph @{name}... of ir --stage {stage}:\n" + "\n".join(found) + "\n" + text)
    if c_props:
        c = subprocess.run([fluxion, "emit-c", *flags, path], capture_output=True, text=True, timeout=TIMEOUT_S)
        found = property_problems(c.stdout, c_props) if c.returncode == 0 else [f"exit {c.returncode}\n{c.stderr}"]
        if found:
            problems.append("emit-c:\n" + "\n".join(p.replace("IR-", "C-", 1) for p in found))
    for extra in ([], ["--opt=0"]):
        run = subprocess.run([fluxion, "run", *flags, *extra, path], capture_output=True, text=True, timeout=TIMEOUT_S)
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
