# GradBench's `lse` (GRADBENCH.md §2.9): log-sum-exp built from max, exp, sum and log, and its
# gradient by reverse mode through those primitives.
import "../../lib/timing.fx"
import "../../lib/files.fx"

def lse(x):
    top = max(x)
    return log(sum(exp(x - top))) + top

def main():
    dir = arg(0, ".")
    function = arg(1, "primal")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    x = load_vector(dir, "x")
    if function == "primal":
        save(dir + "/output.npy", [time_runs(function, lambda: lse(x), min_runs, min_seconds)])
    else:
        save(dir + "/output.npy", time_runs(function, lambda: grad(lse)(x), min_runs, min_seconds))
