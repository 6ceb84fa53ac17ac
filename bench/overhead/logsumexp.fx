# BENCHMARKS.md §A LogSumExp: log(sum(exp(x))) for x of length 100, and its gradient.
#   fluxion run bench/overhead/logsumexp.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "common.fx"

def log_sum_exp(x):
    return log(sum(exp(x)))

def logsumexp_input():
    return wave(100, 0.0, 1.0)

def main():
    x = logsumexp_input()
    run_workload(lambda: log_sum_exp(x), lambda: grad(log_sum_exp)(x))
