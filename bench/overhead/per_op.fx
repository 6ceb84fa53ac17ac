# Issue #13's "per-op overhead of an adjoint below 5 ns", on numbers: a straight-line chain of
# OPS = 64 scalar operations (y = y * (b - y), 32 times) and its gradient by reverse mode, each
# called REPS times in a loop whose every call depends on the last (one call is too short to
# time alone). Each run of the loop is timed (bench/lib/timing.fx: `timing objective` and
# `timing gradient` lines), and its result saved for the comparison with the C++ peer
# (bench/peers/cpp/overhead.cpp `per_op`); bench/run.py divides the times by REPS * OPS
# (harness/per_op.py). The numbers compile to plain C doubles: this is the floor that
# per_op_tensor.fx's tensor operations are measured against.
#   fluxion run bench/overhead/per_op.fx OUT [MIN_RUNS [MIN_SECONDS [REPS]]]
import "../lib/timing.fx"

def chain(x, a, b):
    y = x
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    y = y * (b - y)
    return y

# The inputs of each call depend on the previous result, so no call can be hoisted or merged.
def primal_reps(x, a, b, reps: i64):
    s = 0.0
    for i in range(reps):
        s = s + chain(x + 1e-12 * s, a, b)
    return s

def gradient_reps(x, a, b, reps: i64):
    s = 0.0
    for i in range(reps):
        s = s + grad(chain)(x + 1e-12 * s, a, b)
    return s

def main():
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    reps = arg(3, 100000)
    x = 0.3 + 0.0 * arg(4, 0.0)   # known only at run time (at 0.5 the derivative is 0)
    a = 0.999
    b = 1.0
    f, g = time_pair("objective", lambda: primal_reps(x, a, b, reps), "gradient", lambda: gradient_reps(x, a, b, reps), min_runs, min_seconds)
    save(out + "/objective.npy", [f])
    save(out + "/gradient.npy", [g])
