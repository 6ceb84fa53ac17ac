# The primal of bench/overhead/sincos.fx alone, for bench/native/primal_vs_cpp.py.
#   fluxion run bench/native/primal/sincos.fx OUT [MIN_RUNS [MIN_SECONDS [X]]]
import "../../overhead/common.fx"
import "../../overhead/sincos.fx"

def main():
    x = sincos_input()
    run_primal(lambda: sincos(x))
