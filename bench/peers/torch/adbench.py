#!/usr/bin/python3
"""PyTorch versions of ADBench's GMM, LSTM and BA (BENCHMARKS.md §B, ../shared/reference/ADBENCH.md):
the objective, and its gradient by backward() (for BA, the sparse Jacobian's blocks by two
backward passes, one per residual row of every observation, then CSR assembly).
    adbench.py PROBLEM FILE OUT [MIN_RUNS [MIN_SECONDS]]     PROBLEM: gmm lstm ba"""
import math
import sys

import numpy as np
import torch

from bench_io import gradient_of, parse_runs, save, time_runs


def numbers(path):
    with open(path) as f:
        return np.array(f.read().split(), dtype=np.float64)


def gmm(path):
    v = numbers(path)
    d, k, n = int(v[0]), int(v[1]), int(v[2])
    icf_size = d * (d + 1) // 2
    at = 3
    params = torch.tensor(v[at:at + k * (1 + d + icf_size)]).requires_grad_()
    at += k * (1 + d + icf_size)
    stored = (len(v) - at - 2) // d
    x = torch.tensor(v[at:at + stored * d]).reshape(stored, d).expand(n, d)
    gamma, m = float(v[at + stored * d]), int(v[at + stored * d + 1])
    slots = torch.zeros(d, d, dtype=torch.long)   # Q's lower part, column by column, from l
    for c in range(d):
        for r in range(c + 1, d):
            slots[r, c] = 1 + c * d - c * (c + 1) // 2 + (r - c - 1)
    n_w = d + m + 1
    log_gamma_d = 0.25 * d * (d - 1) * math.log(math.pi) + sum(math.lgamma(0.5 * n_w + 0.5 * (1 - j))
                                                               for j in range(1, d + 1))
    constant = n_w * d * (math.log(gamma) - 0.5 * math.log(2.0)) - log_gamma_d

    def objective():
        alpha = params[:k]
        mu = params[k:k + k * d].reshape(k, d)
        icf = params[k + k * d:].reshape(k, icf_size)
        q, l = icf[:, :d], icf[:, d:]
        lower = torch.cat([torch.zeros(k, 1), l], dim=1)[:, slots]
        qs = lower + torch.diag_embed(torch.exp(q))
        y = torch.einsum("kij,nkj->nki", qs, x[:, None, :] - mu[None])
        beta = alpha + q.sum(1) - 0.5 * (y ** 2).sum(2)
        prior = 0.5 * gamma ** 2 * ((torch.exp(q) ** 2).sum() + (l ** 2).sum()) - m * q.sum()
        return (-0.5 * n * d * math.log(2 * math.pi) + torch.logsumexp(beta, 1).sum()
                - n * torch.logsumexp(alpha, 0) + prior - k * constant)
    return objective, lambda: gradient_of(objective, params)


def lstm(path):
    v = numbers(path)
    l, c, b = int(v[0]), int(v[1]), int(v[2])
    at = 3
    main = torch.tensor(v[at:at + 8 * l * b]).reshape(2 * l, 4 * b).requires_grad_()
    at += 8 * l * b
    extra = torch.tensor(v[at:at + 3 * b]).reshape(3, b).requires_grad_()
    at += 3 * b
    state = torch.tensor(v[at:at + 2 * l * b]).reshape(2 * l, b)
    at += 2 * l * b
    seq = torch.tensor(v[at:at + c * b]).reshape(c, b)

    def objective():
        hidden = [state[2 * j] for j in range(l)]
        cell = [state[2 * j + 1] for j in range(l)]
        total = torch.zeros(())
        for t in range(c - 1):
            x = seq[t] * extra[0]
            for j in range(l):
                w, bias = main[2 * j], main[2 * j + 1]
                f = torch.sigmoid(x * w[:b] + bias[:b])
                i = torch.sigmoid(hidden[j] * w[b:2 * b] + bias[b:2 * b])
                o = torch.sigmoid(x * w[2 * b:3 * b] + bias[2 * b:3 * b])
                g = torch.tanh(hidden[j] * w[3 * b:] + bias[3 * b:])
                cell[j] = cell[j] * f + i * g
                hidden[j] = o * torch.tanh(cell[j])
                x = hidden[j]
            y = x * extra[1] + extra[2]
            total = total + (seq[t + 1] * (y - torch.log(torch.exp(y).sum() + 2))).sum()
        return -total / ((c - 1) * b)
    return objective, lambda: gradient_of(objective, main, extra)


def cross(a, b):
    return torch.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1], a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                        a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], 1)


def reprojection_errors(cams, x, w, feats):
    r = cams[:, 0:3]
    y = x - cams[:, 3:6]
    theta2 = (r * r).sum(1, keepdim=True)
    nonzero = theta2 != 0
    theta = torch.sqrt(torch.where(nonzero, theta2, torch.ones_like(theta2)))
    axis = r / theta
    full = (y * torch.cos(theta) + cross(axis, y) * torch.sin(theta)
            + axis * (axis * y).sum(1, keepdim=True) * (1 - torch.cos(theta)))
    z = torch.where(nonzero, full, y + cross(r, y))
    u = z[:, 0:2] / z[:, 2:3]
    rho = (u * u).sum(1, keepdim=True)
    proj = cams[:, 6:7] * u * (1 + cams[:, 9:10] * rho + cams[:, 10:11] * rho * rho) + cams[:, 7:9]
    return w[:, None] * (proj - feats)


def ba(path):
    v = numbers(path)
    n, m, p = int(v[0]), int(v[1]), int(v[2])
    cams = torch.tensor(v[3:14]).expand(n, 11).contiguous()
    points = torch.tensor(v[14:17]).expand(m, 3).contiguous()
    weights = torch.full((p,), float(v[17]))
    feats = torch.tensor(v[18:20]).expand(p, 2).contiguous()
    obs = torch.arange(p)
    cam_of, point_of = obs % n, obs % m

    def objective():
        err = reprojection_errors(cams[cam_of], points[point_of], weights, feats)
        return torch.cat([err.reshape(-1), 1 - weights * weights])

    def jacobian():
        c = cams[cam_of].requires_grad_()
        x = points[point_of].requires_grad_()
        w = weights.clone().requires_grad_()
        err = reprojection_errors(c, x, w, feats)
        rows = []
        for a in range(2):   # observation i's residual a depends on its own row only
            gc, gx, gw = torch.autograd.grad(err[:, a].sum(), (c, x, w), retain_graph=a == 0)
            rows.append(torch.cat([gc, gx, gw[:, None]], 1))
        block_cols = torch.cat([11 * cam_of[:, None] + torch.arange(11), 11 * n + 3 * point_of[:, None] + torch.arange(3),
                                (11 * n + 3 * m + obs)[:, None]], 1)
        cols = torch.cat([torch.stack([block_cols, block_cols], 1).reshape(-1), 11 * n + 3 * m + obs])
        vals = torch.cat([torch.stack(rows, 1).reshape(-1), -2 * weights])
        row_ptr = torch.cat([15 * torch.arange(2 * p + 1), 30 * p + 1 + obs])
        return row_ptr, cols, vals
    return objective, jacobian


def main():
    problem, path = sys.argv[1], sys.argv[2]
    out, min_runs, min_seconds = parse_runs(sys.argv[3:6])
    objective, derivative = {"gmm": gmm, "lstm": lstm, "ba": ba}[problem](path)
    with torch.no_grad():
        f = time_runs("objective", objective, min_runs, min_seconds)
    save(out, "objective", f.detach().numpy())
    if problem == "ba":
        rows, cols, vals = time_runs("jacobian", derivative, min_runs, min_seconds)
        save(out, "jacobian_rows", rows.numpy())
        save(out, "jacobian_cols", cols.numpy())
        save(out, "jacobian_vals", vals.detach().numpy())
    else:
        save(out, "gradient", time_runs("gradient", derivative, min_runs, min_seconds).detach().numpy())


if __name__ == "__main__":
    main()
