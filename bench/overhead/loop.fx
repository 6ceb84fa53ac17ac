# BENCHMARKS.md §A Loop (the Zygote paper's pow): r = x^n by n multiplications, n = 1000,
# x = 1.0001, and its derivative by reverse mode through the loop.
#   fluxion run bench/overhead/loop.fx OUT [MIN_RUNS [MIN_SECONDS [X]]]
import "common.fx"

def power_loop(x, n: i64):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def loop_input():
    return arg(3, 1.0001)    # read at run time: a literal would be folded

def main():
    x = loop_input()
    run_scalar_workload(lambda: power_loop(x, 1000), lambda: grad(power_loop)(x, 1000))
