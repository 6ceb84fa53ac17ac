# ADBench's GMM input files (../shared/reference/ADBENCH.md §6): `d K n` / K alphas / K means
# (d each) / K icf rows (d log-diagonal entries, then the strictly lower part column by column)
# / n points (d each; the 2.5M files hold one point, replicated n times) / `gamma m`.

struct GmmInput:
    alpha: Tensor[f64, 1]
    mu: Tensor[f64, 2]
    q: Tensor[f64, 2]
    l: Tensor[f64, 2]
    x: Tensor[f64, 2]
    gamma: f64
    m: i64

def read_gmm(path: str):
    v = read_numbers(path)
    d = int(v[0])
    k = int(v[1])
    n = int(v[2])
    at = 3
    alpha = v[at:at + k]
    at += k
    mu = reshape(v[at:at + k * d], (k, d))
    at += k * d
    icf_size = d * (d + 1) // 2
    icf = reshape(v[at:at + k * icf_size], (k, icf_size))
    at += k * icf_size
    stored = (len(v) - at - 2) // d    # n, or 1 for a replicated point
    x = zeros((n, d)) + reshape(v[at:at + stored * d], (stored, d))
    at += stored * d
    return GmmInput(alpha=alpha, mu=mu, q=icf[:, 0:d], l=icf[:, d:], x=x, gamma=v[at], m=int(v[at + 1]))
