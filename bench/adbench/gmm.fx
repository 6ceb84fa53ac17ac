# ADBench's GMM on one of its files: the objective and its gradient [alpha | means | icf] by
# reverse mode, saved to OUT as objective.npy and gradient.npy, each timed (bench/lib/timing.fx).
#   fluxion run bench/adbench/gmm.fx FILE OUT [MIN_RUNS [MIN_SECONDS]]
import "../lib/timing.fx"
import "../models/gmm.fx"
import "read_gmm.fx"

def gmm_adbench_gradient(g):
    ga, gm, gq, gl = grad(gmm_adbench_objective, argnums=(0, 1, 2, 3))(g.alpha, g.mu, g.q, g.l, g.x, g.gamma, g.m)
    return concat((ga, reshape(gm, -1), reshape(concat((gq, gl), axis=1), -1)))

def main():
    g = read_gmm(arg(0, "../shared/data/adbench/gmm/test.txt"))
    out = arg(1, ".")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    f, gradient = time_pair("objective", lambda: gmm_adbench_objective(g.alpha, g.mu, g.q, g.l, g.x, g.gamma, g.m),
                            "gradient", lambda: gmm_adbench_gradient(g), min_runs, min_seconds)
    save(out + "/objective.npy", [f])
    save(out + "/gradient.npy", gradient)
