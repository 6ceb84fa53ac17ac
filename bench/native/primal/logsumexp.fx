# The primal of bench/overhead/logsumexp.fx alone, for bench/native/primal_vs_cpp.py.
#   fluxion run bench/native/primal/logsumexp.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "../../overhead/common.fx"
import "../../overhead/logsumexp.fx"

def main():
    x = logsumexp_input()
    run_primal(lambda: log_sum_exp(x))
