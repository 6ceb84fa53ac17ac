# The dF~ paper's micro-benchmarks (BENCHMARKS.md §C) at size N: the gradient of dot(v1, v2)
# and of max(v) with respect to v1 / v, the Jacobian of v1 + v2 with respect to v1 and of v * s
# with respect to s, each by forward mode (jacfwd) and by reverse mode (jacrev), timed
# (bench/lib/timing.fx) and saved to OUT as NAME_fwd.npy and NAME_rev.npy.
#   fluxion run bench/dff/micro.fx OUT [MIN_RUNS [MIN_SECONDS [N]]]
import "../lib/timing.fx"

def micro_dot(v1, v2):
    return sum(v1 * v2)

def both_modes(out, name, f, x, min_runs, min_seconds):
    save(out + "/" + name + "_fwd.npy", time_runs(name + "_fwd", lambda: jacfwd(f)(x), min_runs, min_seconds))
    save(out + "/" + name + "_rev.npy", time_runs(name + "_rev", lambda: jacrev(f)(x), min_runs, min_seconds))

def main():
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    n = arg(3, 10)
    v1 = sin(0.37 * arange(n))
    v2 = cos(0.23 * arange(n))
    s = 1.5
    both_modes(out, "dot", lambda v: micro_dot(v, v2), v1, min_runs, min_seconds)
    both_modes(out, "max", lambda v: max(v), v1, min_runs, min_seconds)
    both_modes(out, "add", lambda v: v + v2, v1, min_runs, min_seconds)
    both_modes(out, "scale", lambda t: v1 * t, s, min_runs, min_seconds)
