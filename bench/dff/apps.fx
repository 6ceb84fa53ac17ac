# The dF~ paper's two applications (BENCHMARKS.md §C), each derivative by forward mode (jacfwd)
# and by reverse mode (jacrev) at size N, timed (bench/lib/timing.fx) and saved to OUT as
# NAME_fwd.npy and NAME_rev.npy:
#   nnmf: the gradient with respect to u of the negative log-likelihood of a rank-1
#     factorisation u vᵀ of an N×N matrix A under the exponential distribution (Liu et al.
#     2010), the sum over i, j of log(u_i v_j) + A_ij / (u_i v_j); a scalar of N inputs, where
#     forward mode takes N directions.
#   ba_project: the Jacobian of the 2-D projections of N points by one camera (bench/models/ba.fx)
#     with respect to the camera's 11 parameters; 2N outputs of 11 inputs, where forward mode
#     takes 11 directions and reverse mode 2N.
#   fluxion run bench/dff/apps.fx OUT [MIN_RUNS [MIN_SECONDS [N]]]
import "../lib/timing.fx"
import "../models/ba.fx"

def nnmf_nll(u, v, a):
    uv = outer(u, v)
    return sum(log(uv) + a / uv)

# The projections of every point by the one camera `cam`, flattened to (2N,).
def project_all(cam, points):
    cams = ones((len(points), 1)) * cam[None, :]
    return reshape(ba_project(cams, points), (2 * len(points),))

def both_modes(out, name, f, x, min_runs, min_seconds):
    save(out + "/" + name + "_fwd.npy", time_runs(name + "_fwd", lambda: jacfwd(f)(x), min_runs, min_seconds))
    save(out + "/" + name + "_rev.npy", time_runs(name + "_rev", lambda: jacrev(f)(x), min_runs, min_seconds))

def main():
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    n = arg(3, 10)
    i = arange(n)
    u = 1.5 + sin(0.37 * i)
    v = 1.5 + cos(0.23 * i)
    a = 1.0 + 0.5 * sin(0.11 * outer(i, arange(n)) + 0.3)
    both_modes(out, "nnmf", lambda w: nnmf_nll(w, v, a), u, min_runs, min_seconds)
    values = [0.1, -0.2, 0.3, 0.5, -0.4, -10.0, 800.0, 20.0, -15.0, 1e-6, 1e-12]
    cam = zeros(11)
    for k in range(11):
        cam[k] = values[k]
    points = stack((sin(0.7 * i), cos(0.3 * i), 0.2 * sin(1.3 * i) + 1.0), axis=1)
    both_modes(out, "ba_project", lambda c: project_all(c, points), cam, min_runs, min_seconds)
