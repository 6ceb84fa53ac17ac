# GradBench's `gmm` (GRADBENCH.md §2.2): the log posterior and its gradient by reverse mode.
import "protocol.fx"
import "../../lib/files.fx"
import "../../models/gmm.fx"

def main():
    dir = input_dir()
    function = function_name()
    alpha = load_vector(dir, "alpha")
    mu = load_matrix(dir, "mu")
    q = load_matrix(dir, "q")
    l = load_matrix(dir, "l")
    x = load_matrix(dir, "x")
    gamma = load_number(dir, "gamma")
    m = load_count(dir, "m")
    if function == "objective":
        f = evaluate(lambda: gmm_log_posterior(alpha, mu, q, l, x, gamma, m))
        save_number(f)
    else:
        g = evaluate(lambda: grad(gmm_log_posterior, argnums=(0, 1, 2, 3))(alpha, mu, q, l, x, gamma, m))
        save_tuple(g)
