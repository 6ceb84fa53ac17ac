# GradBench's `gmm` (GRADBENCH.md §2.2): the log posterior and its gradient by reverse mode.
import "../../lib/timing.fx"
import "../../lib/files.fx"
import "../../models/gmm.fx"

def main():
    dir = arg(0, ".")
    function = arg(1, "objective")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    alpha = load_vector(dir, "alpha")
    mu = load_matrix(dir, "mu")
    q = load_matrix(dir, "q")
    l = load_matrix(dir, "l")
    x = load_matrix(dir, "x")
    gamma = load_number(dir, "gamma")
    m = load_count(dir, "m")
    if function == "objective":
        f = time_runs(function, lambda: gmm_log_posterior(alpha, mu, q, l, x, gamma, m), min_runs, min_seconds)
        save(dir + "/output.npy", [f])
    else:
        g = time_runs(function, lambda: grad(gmm_log_posterior, argnums=(0, 1, 2, 3))(alpha, mu, q, l, x, gamma, m),
                      min_runs, min_seconds)
        save(dir + "/output.npz", g)
