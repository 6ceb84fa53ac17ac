#!/usr/bin/python3
"""bench/harness/engine.py: how the benchmark harness chooses between native code and the
interpreter. Native first; the interpreter only after the back end's "does not support"
compile error, whose located line becomes the row's reason; any other failure is a failure
(falling back would hide it). The attempts here are stand-ins for `fluxion run FLAG ...`, so the
test holds whatever the back end supports today.

    engine_test.py      (run by /usr/bin/python3, which has NumPy for harness/runner.py)
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench"))
from harness import engine, runner  # noqa: E402

DECLINED = ("/b/fluxion run --native p.fx OUT 1 0.0 exited with 1: /w/p.fx:8:16: error: the native back end "
            "does not support a thing yet (run it with --interp)\n    return f(x)\n           ^")
UNLOCATED = "fluxion exited with 1: error: the native back end does not support another thing yet (run it with --interp)"
RUN_TIME = "/b/fluxion run --native p.fx exited with 2: /w/p.fx:3:5: error: index 7 is out of range for size 3"

failures = []


def expect(what, got, want):
    if got != want:
        failures.append("%s: got %r, expected %r" % (what, got, want))


def attempts(native_error=None):
    """An attempt that fails with native_error under --native and records every flag it gets."""
    flags = []

    def attempt(flag):
        flags.append(flag)
        if flag == engine.NATIVE and native_error:
            raise runner.RunError(native_error)
        return "result of " + flag
    return attempt, flags


def main():
    attempt, flags = attempts()
    ran_by, result = engine.first_that_runs(attempt)
    expect("supported: engine", ran_by.record(), {"engine": "native"})
    expect("supported: flags tried", flags, [engine.NATIVE])
    expect("supported: result", result, "result of --native")

    attempt, flags = attempts(DECLINED)
    ran_by, result = engine.first_that_runs(attempt)
    expect("declined: engine", ran_by.record(), {
        "engine": "interpreter",
        "engine_reason": "/w/p.fx:8:16: error: the native back end does not support a thing yet (run it with --interp)"})
    expect("declined: flags tried", flags, [engine.NATIVE, engine.INTERP])
    expect("declined: result", result, "result of --interp")
    expect("declined: described", engine.describe(ran_by.record()).startswith("interpreter (/w/p.fx:8:16: error:"), True)

    attempt, flags = attempts(UNLOCATED)
    ran_by, _ = engine.first_that_runs(attempt)
    expect("declined without a place: reason", ran_by.reason,
           "error: the native back end does not support another thing yet (run it with --interp)")

    attempt, flags = attempts(RUN_TIME)
    try:
        engine.first_that_runs(attempt)
        failures.append("a run-time error under --native was not reported")
    except runner.RunError as e:
        expect("run-time error: message", str(e), RUN_TIME)
    expect("run-time error: flags tried (no fallback)", flags, [engine.NATIVE])

    for f in failures:
        print("FAILED:", f)
    print("%d checks failed" % len(failures) if failures else "ok: native first, the interpreter only when declined")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
