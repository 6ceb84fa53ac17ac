# The overhead-bound workloads of BENCHMARKS.md §A share one shape: a primal and its derivative,
# each timed (bench/lib/timing.fx) and saved to OUT as objective.npy and gradient.npy for the
# harness to compare with the peers (bench/peers/). Inputs are made by formulas the peers
# repeat exactly, so no data files are needed. Every input is a value the program only knows
# when it runs (a formula over arange, or a scalar read with arg()): a literal would let the
# optimiser fold the primal away (sin(cos(0.5)) became a constant), as the C++ peer's
# `volatile` prevents there.
import "../lib/timing.fx"

# Times primal() and derivative() (functions of no arguments) and saves their results; the
# objective is a number, the derivative a vector.
def run_workload(primal, derivative):
    run_workload_as_vector(primal, derivative, lambda g: g)

# The same where the derivative is a structure: `as_vector` flattens it for the comparison with
# the peers after the timing (flattening MLP's transposed weight gradient would cost more than
# some of the gradient: a strided copy; the C++ peer fills a flat vector as it goes).
def run_workload_as_vector(primal, derivative, as_vector):
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    f, g = time_pair("objective", primal, "gradient", derivative, min_runs, min_seconds)
    save(out + "/objective.npy", [f])
    save(out + "/gradient.npy", as_vector(g))

# The same for a scalar function of a scalar: the derivative is a number too, made a vector
# only after the timing (building a one-element tensor inside it would cost more than SinCos).
def run_scalar_workload(primal, derivative):
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    f, g = time_pair("objective", primal, "gradient", derivative, min_runs, min_seconds)
    save(out + "/objective.npy", [f])
    save(out + "/gradient.npy", [g])

# The primal alone (bench/native/primal/: the primal's native code against C++, for programs
# whose derivative the native back end does not compile yet).
def run_primal(primal):
    f = time_runs("objective", primal, arg(1, 1), arg(2, 0.0))
    save(arg(0, ".") + "/objective.npy", [f])

# Deterministic inputs: entry i of a vector of n, scaled into [-scale, scale].
def wave(n, phase, scale):
    return scale * sin(0.37 * arange(n) + phase)
