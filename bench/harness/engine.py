"""Which engine ran a Fluxion program: native code, or the interpreter, and why.

`fluxion run` picks native code when the back end supports the whole program and falls back to
the interpreter silently otherwise (docs/codegen.md "Native or interpreted"). A benchmark must
not report such a fallback as native, so the harness never runs the default: it runs
`--native` first, which compiles or stops with a located error naming the construct the back
end does not support yet; only that error sends the program to `--interp`, and the row
records the engine and the located reason. Any other failure (a wrong result, a run-time
error, a crash) stays a failure: falling back would hide it.
"""
import re
from dataclasses import dataclass

from . import runner

NATIVE = "--native"
INTERP = "--interp"
# The compile error `--native` stops with (src/codegen, exit status 1). It should always be
# located (FILE:L:C); one that is not (bench/dff/micro.fx's, today) is still recognised, and the
# results show it without a place.
UNSUPPORTED = re.compile(r"((?:\S+:\d+:\d+: )?error: the native back end does not support .*)")


@dataclass
class Engine:
    flag: str            # NATIVE or INTERP, the option every later run of the program is given
    reason: str = ""     # for INTERP: the located error `--native` stopped with

    @property
    def name(self):
        return "native" if self.flag == NATIVE else "interpreter"

    def record(self):
        """The fields a result row keeps: {"engine": ..., "engine_reason": ...}."""
        row = {"engine": self.name}
        if self.reason:
            row["engine_reason"] = self.reason
        return row


def unsupported_reason(message):
    """The line `FILE:L:C: error: the native back end does not support ...` of a failure
    message, or None when the failure is something else."""
    found = UNSUPPORTED.search(message)
    return found.group(1).strip() if found else None


def first_that_runs(attempt):
    """Calls attempt(flag) with NATIVE, and with INTERP only when native code stopped with the
    back end's located "does not support" error. Returns (Engine, attempt's result); any other
    runner.RunError propagates."""
    try:
        return Engine(NATIVE), attempt(NATIVE)
    except runner.RunError as e:
        reason = unsupported_reason(str(e))
        if reason is None:
            raise
    return Engine(INTERP, reason), attempt(INTERP)


def describe(row):
    """`native`, or `interpreter (REASON)`, for a progress line or a table cell."""
    if row.get("engine") == "interpreter":
        return "interpreter (%s)" % row.get("engine_reason", "no reason recorded")
    return row.get("engine", "?")
