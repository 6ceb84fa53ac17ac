#!/usr/bin/env python3
"""First-order gradients compile to code without closures (issue #13; docs/opt.md "Derivative code").

Usage: check_gradient_closures.py FLUXION [--shard K/N]

For every tests/lang/ad program that runs main() and succeeds (`# RUN: run`, EXIT 0), reads
`fluxion ir FILE --fn main --stage expanded` (the derivative code as the expansion built it, whose
graph names say which transforms made them) to classify it, and `--stage native` (the code the C
emitter reads, after the optimiser ran over the derivative code) to check it. A program is
checked when
  - it is first-order: no generated graph is a derivative of a derivative (a graph's order is the
    number of transforms in its name, `[J]` and `[T]`, plus one for a derivative operator's own
    template such as `grad,argnums=0,n=1` — two for `hessian`), and it has a derivative at all;
  - it has no loop and no recursion: no `while` outside the operators' own templates (the
    direction loops of `jacfwd`/`jacrev`), and no cycle among the graphs' references.
Such a program's code must contain
  - no `make_closure` (no pullback or closure is built),
  - no call through a value (`call %f(...)`: every call names its graph),
  - no tape of closures (a value of type `List[<closure ...>]`).
Programs that do not yet are listed in closures_not_yet.txt beside this file, each with why. A
checked program that fails and is not listed fails the check; a listed program that passes now
fails it too, so that the line is removed and the list only shrinks.
Prints one line per failure and a summary. Exit status 0 when none failed.
"""

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
sys.path.insert(0, TESTS)
import run_fx_test  # noqa: E402  (the test-file format: RUN, EXIT, EXPECT)

TIMEOUT_S = 120 * float(os.environ.get("FX_TIMEOUT_SCALE", "1"))  # sanitizer builds: Makefile
# The derivative operators whose templates the expansion instantiates (ad/templates.cpp), with
# the order of derivative each one takes.
TEMPLATES = {"grad": 1, "derivative": 1, "jvp": 1, "vjp": 1, "jacfwd": 1, "jacrev": 1, "value_and_grad": 1,
             "hessian": 2}
HEADER = re.compile(r"^graph @(.*?\.\d+)\(")


def programs():
    out = []
    for root, _, files in os.walk(os.path.join(TESTS, "lang", "ad")):
        out += [os.path.join(root, name) for name in files if name.endswith(".fx")]
    return sorted(out)


def listed_gaps():
    listed = {}
    with open(os.path.join(HERE, "closures_not_yet.txt")) as f:
        for line in f:
            entry, _, why = line.partition("#")
            if entry.strip():
                listed[entry.strip()] = why.strip()
    return listed


def base_name(name):
    return re.split(r"[,.\[]", name, maxsplit=1)[0]


def order_of(name):
    return name.count("[J]") + name.count("[T]") + TEMPLATES.get(base_name(name), 0)


def graphs_of(ir_text):
    """{graph name with id: its lines} of the printed program."""
    graphs, current = {}, None
    for line in ir_text.splitlines():
        m = HEADER.match(line)
        if m:
            current = m.group(1)
            graphs[current] = []
        elif current is not None and line.strip():
            graphs[current].append(line)
    return graphs


def has_cycle(graphs):
    names = sorted(graphs, key=len, reverse=True)  # the longest name that matches at an `@`
    edges = {}
    for g, lines in graphs.items():
        refs = set()
        for line in lines:
            for at in (i for i, c in enumerate(line) if c == "@"):
                for n in names:
                    if line.startswith(n, at + 1):
                        refs.add(n)
                        break
        edges[g] = refs
    state = {}

    def visit(g):  # depth-first search for a back edge
        state[g] = 1
        for h in edges[g]:
            if state.get(h) == 1 or (h not in state and visit(h)):
                return True
        state[g] = 2
        return False

    return any(g not in state and visit(g) for g in graphs)


def first_order_without_loops(expanded_text):
    """Whether the expanded program is a first-order derivative of code without loop or recursion."""
    graphs = graphs_of(expanded_text)
    orders = [order_of(g) for g in graphs]
    if not orders or max(orders) != 1:
        return False
    looping = any("while(" in line for g, lines in graphs.items() if base_name(g) not in TEMPLATES for line in lines)
    return not looping and not has_cycle(graphs)


def problems_of(native_text):
    """What the code the emitter reads has that a first-order gradient should not."""
    problems = []
    body = [line for lines in graphs_of(native_text).values() for line in lines]
    if any("make_closure(" in line for line in body):
        problems.append("make_closure")
    if any(re.search(r"\bcall %", line) for line in body):
        problems.append("a call through a value")
    if any("List[<clos" in line for line in body):
        problems.append("a List of closures")
    return problems


def main(argv):
    fluxion = argv[1]
    shard, shards = 0, 1
    if len(argv) > 3 and argv[2] == "--shard":
        shard, shards = (int(x) for x in argv[3].split("/"))
    listed = listed_gaps()
    checked, clean, gaps, failed = 0, 0, 0, 0
    for i, path in enumerate(programs()):
        if i % shards != shard:
            continue
        rel = os.path.relpath(path, TESTS)
        spec = run_fx_test.parse_spec(path)
        if spec.run is None or spec.run[0] != "run" or spec.exit_code != 0:
            continue
        texts = {}
        for stage in ("expanded", "native"):
            ir = subprocess.run([fluxion, "ir", path, "--fn", "main", "--stage", stage], cwd=TESTS,
                                capture_output=True, text=True, timeout=TIMEOUT_S)
            if ir.returncode != 0:
                print(f"FAIL {rel}: `ir --stage {stage}` exited {ir.returncode}: {ir.stderr.strip()[:300]}")
                break
            texts[stage] = ir.stdout
        if len(texts) < 2:
            failed += 1
            continue
        if not first_order_without_loops(texts["expanded"]):
            if rel in listed:
                print(f"FAIL {rel}: listed in closures_not_yet.txt but not a first-order, loop-free gradient")
                failed += 1
            continue
        checked += 1
        problems = problems_of(texts["native"])
        if not problems:
            clean += 1
            if rel in listed:
                print(f"FAIL {rel}: its gradient has no closure now; remove it from closures_not_yet.txt")
                failed += 1
        elif rel in listed:
            gaps += 1
        else:
            print(f"FAIL {rel}: its first-order gradient has {', '.join(problems)} (not in closures_not_yet.txt)")
            failed += 1
    print(f"first-order loop-free gradients: {checked}, without closures: {clean}, "
          f"known gaps (closures_not_yet.txt): {gaps}, failed: {failed}")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
