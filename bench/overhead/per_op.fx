# Issue #13's "per-op overhead of an adjoint below 5 ns": a straight-line chain of OPS = 64 scalar
# operations (y = y * (b - y), 32 times) and its gradient by reverse mode, each called REPS times
# in a loop (one call is too short to time alone); (gradient time - primal time) / (REPS * OPS)
# is what one operation's adjoint costs beyond the operation itself. The program times both
# (bench/lib/timing.fx, best of MIN_RUNS) and prints the per-op figure beside its goal.
#   fluxion run bench/overhead/per_op.fx OUT [MIN_RUNS [MIN_SECONDS [REPS]]]
import "common.fx"

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

def best(label: str, f, min_runs: i64):
    t = 1.0e30
    for r in range(min_runs):
        start = clock()
        f()
        t = min(t, clock() - start)
    return t

def main():
    out = arg(0, ".")
    min_runs = max(arg(1, 5), 3)
    reps = arg(3, 100000)
    x = 0.5 + 0.0 * arg(2, 0.0)
    a = 0.999
    b = 1.0
    primal = best("objective", lambda: primal_reps(x, a, b, reps), min_runs)
    gradient = best("gradient", lambda: gradient_reps(x, a, b, reps), min_runs)
    ops = 64
    print("primal", primal / reps * 1.0e9, "ns per call of", ops, "operations")
    print("gradient", gradient / reps * 1.0e9, "ns per call")
    print("per-op overhead of an adjoint", (gradient - primal) / (reps * ops) * 1.0e9, "ns (goal < 5)")
    save(out + "/objective.npy", [primal_reps(x, a, b, 1)])
    save(out + "/gradient.npy", [gradient_reps(x, a, b, 1)])
