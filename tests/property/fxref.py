#!/usr/bin/env python3
"""A reference evaluator for Fluxion's scalar derivative programs, in plain Python.

Why: the derivative tests (tests/lang/ad/**) and the random-program property test were written
before Fluxion had automatic differentiation. Their expected outputs were derived by hand; this
module checks them independently by running the same programs as Python, with a small AD of its
own (nested forward and reverse mode, autograd-style boxes tagged with a level, so nested
derivatives cannot confuse perturbations).

Scope: the scalar subset of Fluxion — f64/i64/bool, tuples, structs, enums with `match`,
closures, loops, recursion, and every operator of LANGUAGE.md §6. Fluxion source is made Python
by a few textual rewrites (`struct`/`enum` declarations become classes) and an `ast` rewrite that
sends arithmetic through IEEE-754 functions (Python raises on 1.0 / 0.0; Fluxion gives inf).
The AD itself, and the semantics it fixes where the spec is silent, are in fxref_ad.py.

Usage:
  fxref.py check FILE.fx...    run each test file, compare with its EXPECT lines (files that
                               expect a non-zero exit are skipped, and so are files containing
                               the marker `fxref-skip:`, e.g. where Python's late-binding
                               closures would differ from Fluxion's capture at creation)
  fxref.py run FILE.fx         run main() (or the file's `# RUN: eval` expression) and print
                               what Fluxion would print
Set FXREF_MODE=forward to compute grad/vjp/jacrev with forward mode instead (a robustness check:
an exactly printed value must not depend on the mode); files using grad_hook/custom_vjp, whose
meaning is reverse-mode only, are skipped in that mode.

Only the Python standard library is used.
"""

import __future__
import ast
import dataclasses
import itertools
import os
import re
import sys
import types

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fxref_ad  # noqa: E402
from fxref_ad import *  # noqa: E402,F401,F403  (the operators and primitives, re-exported)
from fxref_ad import FORWARD_ONLY, FxError, FxStruct, FxVariant  # noqa: E402

_module_ids = itertools.count(1)


# --------------------------------------------------------------------------- source translation
class _ArithToCalls(ast.NodeTransformer):
    OPS = {ast.Add: "op_add", ast.Sub: "op_sub", ast.Mult: "op_mul", ast.Div: "op_div",
           ast.FloorDiv: "op_floordiv", ast.Mod: "op_mod", ast.Pow: "op_pow"}

    def visit_BinOp(self, node):
        self.generic_visit(node)
        name = self.OPS.get(type(node.op))
        if name is None:
            return node
        return ast.copy_location(ast.Call(ast.Name(name, ast.Load()), [node.left, node.right], []),
                                 node)

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if isinstance(node.op, ast.USub):
            return ast.copy_location(ast.Call(ast.Name("op_neg", ast.Load()), [node.operand], []),
                                     node)
        return node

    def visit_AugAssign(self, node):
        self.generic_visit(node)
        name = self.OPS[type(node.op)]
        load = ast.Name(node.target.id, ast.Load()) if isinstance(node.target, ast.Name) else \
            ast.Attribute(node.target.value, node.target.attr, ast.Load())
        call = ast.Call(ast.Name(name, ast.Load()), [load, node.value], [])
        return self._value_semantics(ast.copy_location(ast.Assign([node.target], call), node))

    def visit_Assign(self, node):
        self.generic_visit(node)
        return self._value_semantics(node)

    @staticmethod
    def _value_semantics(node):
        """`p.w = v` rebinds p to an updated copy (LANGUAGE.md §3), never mutates."""
        if len(node.targets) != 1 or not isinstance(node.targets[0], ast.Attribute):
            return node
        target, value = node.targets[0], node.value
        while isinstance(target, ast.Attribute):
            base = target.value
            base_load = ast.Name(base.id, ast.Load()) if isinstance(base, ast.Name) else \
                ast.Attribute(base.value, base.attr, ast.Load())
            value = ast.Call(ast.Name("fx_set_attr", ast.Load()),
                             [base_load, ast.Constant(target.attr), value], [])
            target = base
        store = ast.Name(target.id, ast.Store())
        return ast.copy_location(ast.Assign([store], value), node)


_DECL = re.compile(r"^(struct|enum)\s+([A-Za-z_]\w*)\s*:\s*(#.*)?$")
_VARIANT = re.compile(r"^\s+([A-Za-z_]\w*)\s*(\((.*)\))?\s*(#.*)?$")


def translate(source):
    """Fluxion source → Python source (same line numbers where possible)."""
    lines = source.split("\n")
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        m = _DECL.match(line)
        if not m:
            out.append(line)
            i += 1
            continue
        kind, name = m.group(1), m.group(2)
        body = []
        i += 1
        while i < len(lines) and (lines[i].startswith((" ", "\t")) or not lines[i].strip()):
            if lines[i].strip() and not lines[i].strip().startswith("#"):
                body.append(lines[i])
            i += 1
        if kind == "struct":
            out.append("@dataclasses.dataclass(eq=False, repr=False)")
            out.append(f"class {name}(FxStruct):")
            out.extend(body or ["    pass"])
        else:
            out.append(f"class {name}(FxVariant):")
            out.append("    pass")
            for b in body:
                vm = _VARIANT.match(b)
                vname, fields = vm.group(1), (vm.group(3) or "")
                out.append("@dataclasses.dataclass(eq=False, repr=False)")
                out.append(f"class {vname}({name}):")
                fs = [f.strip() for f in fields.split(",") if f.strip()]
                out.extend(["    " + f for f in fs] or ["    pass"])
        out.append("")
    text = "\n".join(out)
    tree = ast.parse(text)
    tree = _ArithToCalls().visit(tree)
    ast.fix_missing_locations(tree)
    return tree


def make_env():
    env = {
        "dataclasses": dataclasses, "FxStruct": FxStruct,
        "FxVariant": FxVariant, "f64": float, "f32": float, "i64": int, "bool": bool,
        "str": str, "print": fx_print, "abs": fx_abs, "max": fx_maximum, "min": fx_minimum,
        "float": fx_float, "int": fx_int, "grad": grad, "value_and_grad": value_and_grad,
        "jvp": jvp, "vjp": vjp, "jacfwd": jacfwd, "jacrev": jacrev, "hessian": hessian,
        "derivative": derivative, "fx_set_attr": fx_set_attr, "stop_gradient": stop_gradient, "checkpoint": checkpoint,
        "grad_hook": grad_hook, "custom_vjp": custom_vjp, "custom_jvp": custom_jvp,
        "exp": fx_exp, "log": fx_log, "log1p": fx_log1p, "expm1": fx_expm1, "sin": fx_sin,
        "cos": fx_cos, "tan": fx_tan, "tanh": fx_tanh, "sqrt": fx_sqrt, "sign": fx_sign,
        "sigmoid": fx_sigmoid, "relu": fx_relu, "softplus": fx_softplus, "floor": fx_floor,
        "ceil": fx_ceil, "maximum": fx_maximum, "minimum": fx_minimum,
    }
    for name in dir(fxref_ad):
        if name.startswith("op_"):
            env[name] = getattr(fxref_ad, name)
    return env


def load(path_or_source, is_source=False, extra_env=None):
    source = path_or_source if is_source else open(path_or_source, encoding="utf-8").read()
    name = f"fxprog{next(_module_ids)}"
    module = types.ModuleType(name)
    sys.modules[name] = module  # dataclasses look their module up
    env = module.__dict__
    env.update(make_env())
    env.update(extra_env or {})
    env["__name__"] = name
    code = compile(translate(source), "<fx>" if is_source else path_or_source, "exec",
                   flags=__future__.annotations.compiler_flag, dont_inherit=True)
    exec(code, env)
    return env


# --------------------------------------------------------------------------- test-file checking
_DIRECTIVE = re.compile(r"^\s*#\s*(RUN|EXIT|EXPECT)\s*:(.*)$")


def _spec(path):
    run, exit_code, expect = ("run", ""), 0, []
    for line in open(path, encoding="utf-8").read().split("\n"):
        m = _DIRECTIVE.match(line)
        if not m:
            continue
        text = m.group(2)
        text = text[1:] if text.startswith(" ") else text
        if m.group(1) == "RUN":
            kind, _, rest = text.strip().partition(" ")
            run = (kind, rest.strip())
        elif m.group(1) == "EXIT":
            exit_code = int(text.strip())
        else:
            expect.append(text)
    return run, exit_code, expect


def run_file(path):
    """Returns the stdout the program prints under this reference."""
    import contextlib
    import io
    run, _, _ = _spec(path)
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        env = load(path)
        if run[0] == "eval":
            fx_print(eval(compile(ast.fix_missing_locations(
                _ArithToCalls().visit(ast.parse(run[1], mode="eval"))), "<expr>", "eval"), env))
        else:
            env["main"]()
    return buf.getvalue()


def check(paths):
    failed = skipped = passed = 0
    for path in paths:
        run, exit_code, expect = _spec(path)
        src = open(path, encoding="utf-8").read()
        if exit_code != 0 or run[0] not in ("run", "eval"):
            skipped += 1
            continue
        if "fxref-skip:" in src:
            skipped += 1
            continue
        if FORWARD_ONLY and ("grad_hook" in src or "custom_vjp" in src or "custom_jvp" in src):
            skipped += 1
            continue
        try:
            out = run_file(path)
        except Exception as e:  # noqa: BLE001 - report any failure of the reference
            print(f"ERROR {path}: {type(e).__name__}: {e}")
            failed += 1
            continue
        want = "".join(line + "\n" for line in expect)
        if out != want:
            print(f"MISMATCH {path}\n  expected: {want!r}\n  reference: {out!r}")
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 3 and argv[1] == "check":
        return check(argv[2:])
    if len(argv) == 3 and argv[1] == "run":
        sys.stdout.write(run_file(argv[2]))
        return 0
    print(__doc__)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv))
