# The Gaussian mixture model of ADBench (../shared/reference/ADBENCH.md §1) and GradBench
# (GRADBENCH.md §2.2): a data log-likelihood, shared, and a log Wishart prior whose sign the
# two benchmarks take differently (ADBench subtracts it, GradBench's corrected version adds it).
#   alpha: (K,) unnormalised log weights; mu: (K, D) means; q: (K, D) logs of the diagonal of
#   Q_k; l: (K, D(D-1)/2) strictly lower part of Q_k, column by column; x: (N, D) points.

# Position of Q[r][c] (r > c) in l_k, counting column by column: (1,0), (2,0), ..., (2,1), ...
def gmm_lower_slot(d, r, c):
    return c * d - c * (c + 1) // 2 + (r - c - 1)

# Q_k for every k, (K, D, D): exp(q_k) on the diagonal, l_k below it, zeros above. The lower
# part is a gather from l_k with a zero in front (slot 0 stands for "above the diagonal").
def gmm_q_matrices(q, l):
    k_count = q.shape[0]
    d = q.shape[1]
    slots = [[gmm_lower_slot(d, r, c) + 1 if r > c else 0 for c in range(d)] for r in range(d)]
    padded = concat((zeros((k_count, 1)), l), axis=1)
    lower = reshape(padded[:, reshape(slots, d * d)], (k_count, d, d))
    return lower + exp(q)[:, :, None] * eye(d)

# log of the mixture's likelihood of the points: the first three lines of both definitions.
def gmm_data_log_likelihood(alpha, mu, q, l, x):
    n = x.shape[0]
    d = x.shape[1]
    qs = gmm_q_matrices(q, l)
    # betas[k, i] = alpha_k + sum(q_k) - |Q_k (x_i - mu_k)|^2 / 2
    betas = [alpha[k] + sum(q[k]) - 0.5 * sum(((x - mu[k]) @ transpose(qs[k])) ** 2, axis=1)
             for k in range(len(alpha))]
    return -0.5 * n * d * log(2.0 * pi) + sum(logsumexp(betas, axis=0)) - n * logsumexp(alpha)

def gmm_log_gamma_distrib(a, p):
    out = 0.25 * p * (p - 1) * log(pi)
    for j in range(1, p + 1):
        out = out + lgamma(a + 0.5 * (1 - j))
    return out

# log of the Wishart prior on every Q_k^T Q_k (V = I / gamma^2, n_w = D + m + 1 degrees of freedom).
def gmm_log_wishart_prior(q, l, gamma, m):
    k_count = q.shape[0]
    d = q.shape[1]
    n_w = d + m + 1
    c = n_w * d * (log(gamma) - 0.5 * log(2.0)) - gmm_log_gamma_distrib(0.5 * n_w, d)
    return m * sum(q) - 0.5 * gamma * gamma * (sum(exp(q) ** 2) + sum(l ** 2)) + k_count * c

# GradBench's objective (the log posterior).
def gmm_log_posterior(alpha, mu, q, l, x, gamma, m):
    return gmm_data_log_likelihood(alpha, mu, q, l, x) + gmm_log_wishart_prior(q, l, gamma, m)

# ADBench's objective, with ADBench's sign mix (ADBENCH.md §1).
def gmm_adbench_objective(alpha, mu, q, l, x, gamma, m):
    return gmm_data_log_likelihood(alpha, mu, q, l, x) - gmm_log_wishart_prior(q, l, gamma, m)
