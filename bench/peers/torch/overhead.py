#!/usr/bin/python3
"""PyTorch versions of the overhead-bound workloads of BENCHMARKS.md §A (bench/overhead/*.fx):
the primal, and its gradient by backward().
    overhead.py WORKLOAD OUT [MIN_RUNS [MIN_SECONDS [BATCH]]]"""
import sys

import torch
import torch.nn.functional as F

from bench_io import flattened, gradients_of, parse_runs, save, time_runs, wave


def power_loop(x, n):
    r = torch.ones(())
    for _ in range(n):
        r = r * x
    return r


def workload(name, batch):
    """(primal, params): primal() computes the objective from params."""
    if name == "sincos":
        x = torch.tensor(0.5, requires_grad=True)
        return (lambda: torch.sin(torch.cos(x))), [x]
    if name == "loop":
        x = torch.tensor(1.0001, requires_grad=True)
        return (lambda: power_loop(x, 1000)), [x]
    if name == "logsumexp":
        x = wave(100, 0.0, 1.0).requires_grad_()
        return (lambda: torch.log(torch.sum(torch.exp(x)))), [x]
    if name == "logreg":
        x = wave(100 * 100, 0.3, 1.0).reshape(100, 100)
        y = (torch.arange(100) % 2).double()
        w = wave(100, 1.1, 0.1).requires_grad_()

        def loss():
            z = x @ w
            return torch.mean(F.softplus(z) - y * z)
        return loss, [w]
    if name == "mlp":
        w1 = wave(32 * 784, 0.1, 0.05).reshape(32, 784).requires_grad_()
        b1 = wave(32, 0.2, 0.1).requires_grad_()
        w2 = wave(10 * 32, 0.3, 0.2).reshape(10, 32).requires_grad_()
        b2 = wave(10, 0.4, 0.1).requires_grad_()
        x = wave(batch * 784, 0.5, 1.0).reshape(batch, 784)
        labels = torch.arange(batch) % 10
        return (lambda: F.cross_entropy(F.linear(F.relu(F.linear(x, w1, b1)), w2, b2), labels)), [w1, b1, w2, b2]
    raise SystemExit("overhead.py: unknown workload " + name)


def main():
    name = sys.argv[1]
    out, min_runs, min_seconds = parse_runs(sys.argv[2:5])
    primal, params = workload(name, int(sys.argv[5]) if len(sys.argv) > 5 else 1)
    with torch.no_grad():
        f = time_runs("objective", primal, min_runs, min_seconds)
    # The gradient per parameter is timed; joining them into one vector for the comparison is
    # not (the Fluxion side flattens after its timing too; the C++ peer writes a flat one).
    g = time_runs("gradient", lambda: gradients_of(primal, *params), min_runs, min_seconds)
    save(out, "objective", f.item())
    save(out, "gradient", flattened(g).detach().numpy())


if __name__ == "__main__":
    main()
