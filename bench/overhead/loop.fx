# BENCHMARKS.md §A Loop (the Zygote paper's pow): r = x^n by n multiplications, n = 1000,
# x = 1.0001, and its derivative: forward mode beside the loop, the optimiser's choice for a
# gradient of one f64 whose other inputs hold no float (docs/opt.md "Forward mode for one
# number"); `--grad-mode=reverse` (bench/run.py's row loop_reverse) replays the loop backwards.
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
