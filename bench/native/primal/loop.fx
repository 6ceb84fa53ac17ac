# The primal of bench/overhead/loop.fx alone, for bench/native/primal_vs_cpp.py.
#   fluxion run bench/native/primal/loop.fx OUT [MIN_RUNS [MIN_SECONDS [X]]]
import "../../overhead/common.fx"
import "../../overhead/loop.fx"

def main():
    x = loop_input()
    run_primal(lambda: power_loop(x, 1000))
