# A timed region with nothing in it: the cost of bench/lib/timing.fx's clock() calls themselves,
# the floor under the nanosecond primals (SinCos) in bench/native/primal_vs_cpp.py, beside the
# C++ peer's (`overhead empty`).
#   fluxion run bench/native/primal/empty.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "../../overhead/common.fx"

def main():
    x = arg(3, 0.0)
    run_primal(lambda: x)
