# Pins: ADBench's GMM objective (log-likelihood with a Wishart prior, ../shared/reference/ADBENCH.md
# §1) on its test input gmm/test.txt, read with read_numbers, with lgamma in the log multivariate
# gamma function; the value and the start of the gradient [d/dalpha | d/dmeans | d/dicf] are
# ADBench's reference values (§7). ADBench's C++ uses pi = 3.14159265359; with the exact pi the
# objective differs by ~1e-15 relative. Run only where ../shared exists beside the checkout
# (tests/CMakeLists.txt).
# RUN: run ../../shared/data/adbench/gmm/test.txt
# EXPECT: d=2 K=3 n=1
# EXPECT: objective ok
# EXPECT: gradient ok
# EXPECT: 18

# Q_k: exp(q) on the diagonal, the strictly lower triangle filled column by column from l.
def lower_index(d, r, c):
    return d + c * (2 * d - c - 1) // 2 + (r - c - 1)

def make_q(icf_k, d):
    return [[exp(icf_k[r]) if r == c else (icf_k[lower_index(d, r, c)] if r > c else 0.0)
             for c in range(d)] for r in range(d)]

def log_gamma_distrib(a, p):
    out = 0.25 * p * (p - 1) * log(pi)
    for j in range(1, p + 1):
        out = out + lgamma(a + 0.5 * (1 - j))
    return out

def gmm(alphas: Tensor[f64, 1], means: Tensor[f64, 2], icf: Tensor[f64, 2], x: Tensor[f64, 2],
        gamma: f64, m: i64):
    n = len(x)
    d = means.shape[1]
    k_count = len(alphas)
    qs = [make_q(icf[k], d) for k in range(k_count)]
    sum_qs = [sum(icf[k, 0:d]) for k in range(k_count)]
    slse = 0.0
    for i in range(n):
        terms = [alphas[k] + sum_qs[k] - 0.5 * sum((qs[k] @ (x[i] - means[k])) ** 2) for k in range(k_count)]
        slse = slse + logsumexp(terms)
    constant = -0.5 * n * d * log(2.0 * pi)
    prior = 0.5 * gamma * gamma * (sum(exp(icf[:, 0:d]) ** 2) + sum(icf[:, d:] ** 2)) - m * sum(sum_qs)
    n_w = d + m + 1
    c = n_w * d * (log(gamma) - 0.5 * log(2.0)) - log_gamma_distrib(0.5 * n_w, d)
    return constant + slse - n * logsumexp(alphas) + prior - k_count * c

def main():
    v = read_numbers(arg(0, "../../shared/data/adbench/gmm/test.txt"))
    d = int(v[0])
    k_count = int(v[1])
    n = int(v[2])
    print(f"d={d} K={k_count} n={n}")
    at = 3
    alphas = v[at:at + k_count]
    at += k_count
    means = reshape(v[at:at + k_count * d], (k_count, d))
    at += k_count * d
    icf_size = d * (d + 1) // 2
    icf = reshape(v[at:at + k_count * icf_size], (k_count, icf_size))
    at += k_count * icf_size
    x = reshape(v[at:at + n * d], (n, d))
    at += n * d
    gamma = v[at]
    m = int(v[at + 1])
    f = gmm(alphas, means, icf, x, gamma, m)
    if abs(f - 8.07380408004975791) < 1e-12:
        print("objective ok")
    else:
        print("objective", f)
    ga, gm, gi = grad(gmm, argnums=(0, 1, 2))(alphas, means, icf, x, gamma, m)
    got = [ga[0], ga[1], ga[2], gm[0, 0], gm[0, 1]]
    want = [0.108662855508652456, -0.741270039523898472, 0.632607184015246071, 1.11692576532787013,
            0.163333013551455269]
    if max(abs(got - want)) < 1e-12:
        print("gradient ok")
    else:
        print("gradient", got)
    print(len(ga) + k_count * d + k_count * icf_size)
