# BENCHMARKS.md §A SinCos: sin(cos(x)) at x = 0.5, and its derivative.
#   fluxion run bench/overhead/sincos.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "common.fx"

def sincos(x):
    return sin(cos(x))

def main():
    x = 0.5
    run_workload(lambda: sincos(x), lambda: [grad(sincos)(x)])
