# BENCHMARKS.md §A SinCos: sin(cos(x)) at x = 0.5, and its derivative.
#   fluxion run bench/overhead/sincos.fx OUT [MIN_RUNS [MIN_SECONDS [X]]]
import "common.fx"

def sincos(x):
    return sin(cos(x))

def sincos_input():
    return arg(3, 0.5)    # read at run time: a literal would be folded

def main():
    x = sincos_input()
    run_scalar_workload(lambda: sincos(x), lambda: grad(sincos)(x))
