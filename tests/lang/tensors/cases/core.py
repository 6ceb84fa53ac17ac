"""Formatting as Fluxion prints, literals, and the registry of tensor test programs."""

import numpy as np

# --------------------------------------------------------------------------- formatting
class Struct:
    """A struct value as Fluxion prints it: Name(field=value, ...)."""

    def __init__(self, name, **fields):
        self.name = name
        self.fields = fields


def fmt_f64(v):
    return repr(float(v))


def fmt_f32(v):
    # The shortest f32 digits, read back as a double and printed shortest (format.cpp).
    return repr(float(repr(np.float32(v)))) if np.isfinite(v) else repr(float(v))


def fmt(v):
    """Formats one value the way Fluxion's print does."""
    if isinstance(v, Struct):
        return v.name + "(" + ", ".join(f"{k}={fmt(x)}" for k, x in v.fields.items()) + ")"
    if isinstance(v, tuple):
        inner = ", ".join(fmt(x) for x in v)
        return "(" + inner + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, str):
        return v
    if isinstance(v, np.ndarray):
        if v.ndim == 0:
            return fmt(v[()])
        return "[" + ", ".join(fmt(v[i]) for i in range(v.shape[0])) + "]"
    if isinstance(v, (bool, np.bool_)):
        return "True" if v else "False"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, np.float32):
        return fmt_f32(v)
    if isinstance(v, (float, np.floating)):
        return fmt_f64(v)
    raise TypeError(f"cannot format {type(v).__name__}: {v!r}")


def lit(v):
    """A Fluxion literal for a NumPy value (f64/i64/bool tensors and scalars)."""
    if isinstance(v, np.ndarray) and v.dtype == np.float32:
        raise TypeError("f32 literals do not exist; write astype(..., f32)")
    text = fmt(v)
    return text


class Printer:
    def __init__(self):
        self.lines = []

    def __call__(self, *values):
        self.lines.append(" ".join(fmt(v) for v in values))


# --------------------------------------------------------------------------- registry
CASES = {}


def fx(path, pins, source, run=None):
    """Declares tests/lang/tensors/<path>.fx; decorates its NumPy reference function."""
    def register(ref):
        if path in CASES:
            raise ValueError(f"duplicate case {path}")
        CASES[path] = (pins, source, ref, run)
        return ref
    return register
