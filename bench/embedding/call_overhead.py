#!/usr/bin/env python3
"""The cost of calling a compiled scalar Fluxion function from Python (docs/embedding.md "Cost
of a call"): m.poly(x, 2.0) against a pybind11 function of the same module that takes the same
arguments and does nothing (fluxion._native._pybind11_baseline): the difference is Fluxion's
own overhead. Also the interpreter, a plain Python function, and a native gradient (d/dx: a
float; d/dx and d/dy: a tuple) and its interpreted counterpart, for comparison.

usage: PYTHONPATH=build/python /usr/bin/python3 bench/embedding/call_overhead.py [N]
"""
import sys
import timeit

import fluxion
from fluxion import _native

PROGRAM = "def poly(x, y):\n    return x * x * y + 3.0 * y\n"


def per_call(stmt, n, glob, batches=100):
    # The best of 100 batches of n / 100 calls: on a shared machine a batch the scheduler
    # interrupted measures the other processes, not the call.
    number = max(1, n // batches)
    best = min(timeit.repeat(stmt, number=number, repeat=batches, globals=glob))
    return best / number * 1e9


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    native = fluxion.loads(PROGRAM, "poly.fx").poly
    interp = fluxion.loads(PROGRAM, "poly.fx", engine="interpreter").poly
    native(1.0, 2.0)
    interp(1.0, 2.0)
    print("backend:", native.backend(1.0, 2.0))

    def python_poly(x, y):
        return x * x * y + 3.0 * y

    glob = {"native": native, "interp": interp, "baseline": _native._pybind11_baseline, "py": python_poly}
    base = per_call("baseline(1.5, 2.0)", n, glob)
    fx = per_call("native(1.5, 2.0)", n, glob)
    it = per_call("interp(1.5, 2.0)", max(n // 100, 1000), glob)
    py = per_call("py(1.5, 2.0)", n, glob)
    print("pybind11 no-op (2 args):    %8.1f ns/call" % base)
    print("fluxion, native:            %8.1f ns/call (overhead %.1f ns)" % (fx, fx - base))
    print("fluxion, interpreter:       %8.1f ns/call" % it)
    print("plain Python function:      %8.1f ns/call" % py)

    native_module = fluxion.loads(PROGRAM, "poly.fx")
    interp_module = fluxion.loads(PROGRAM, "poly.fx", engine="interpreter")
    glob.update(dx=fluxion.grad(native_module.poly), dxy=fluxion.grad(native_module.poly, argnums=(0, 1)),
                dx_in=fluxion.grad(interp_module.poly))
    print("backend of grad:", glob["dx"].backend(1.0, 2.0), glob["dxy"].backend(1.0, 2.0))
    glob["dx"](1.0, 2.0), glob["dxy"](1.0, 2.0), glob["dx_in"](1.0, 2.0)
    print("grad(poly), native:         %8.1f ns/call" % per_call("dx(1.5, 2.0)", n, glob))
    print("grad(poly, (0, 1)), native: %8.1f ns/call" % per_call("dxy(1.5, 2.0)", n, glob))
    print("grad(poly), interpreter:    %8.1f ns/call" % per_call("dx_in(1.5, 2.0)", max(n // 100, 1000), glob))


if __name__ == "__main__":
    main()
