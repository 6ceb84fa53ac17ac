# Pins: bench/adbench/read_gmm.fx reads ADBench's gmm/test.txt and the shared model
# (bench/models/gmm.fx) gives ADBench's reference objective and gradient start (ADBENCH.md §7)
# to 1e-10 relative; the gradient has K (1 + d + d(d+1)/2) entries.
# RUN: run ../../shared/data/adbench/gmm/test.txt
# EXPECT: d=2 K=3 n=1
# EXPECT: objective ok
# EXPECT: gradient ok 18
import "../../bench/adbench/read_gmm.fx"
import "../../bench/models/gmm.fx"

def close(got, want):
    return max(abs(got - want) / maximum(1e-300, abs(want))) < 1e-10

def main():
    g = read_gmm(arg(0, ""))
    print(f"d={g.mu.shape[1]} K={len(g.alpha)} n={len(g.x)}")
    f = gmm_adbench_objective(g.alpha, g.mu, g.q, g.l, g.x, g.gamma, g.m)
    print("objective", "ok" if close([f], [8.07380408004975791]) else str(f))
    ga, gm, gq, gl = grad(gmm_adbench_objective, argnums=(0, 1, 2, 3))(g.alpha, g.mu, g.q, g.l, g.x, g.gamma, g.m)
    got = [ga[0], ga[1], ga[2], gm[0, 0], gm[0, 1]]
    want = [0.108662855508652456, -0.741270039523898472, 0.632607184015246071, 1.11692576532787013,
            0.163333013551455269]
    print("gradient", "ok" if close(got, want) else str(got), len(ga) + len(reshape(gm, -1)) + len(reshape(gq, -1)) + len(reshape(gl, -1)))
