# The primal of bench/overhead/logreg.fx alone, for bench/native/primal_vs_cpp.py.
#   fluxion run bench/native/primal/logreg.fx OUT [MIN_RUNS [MIN_SECONDS]]
import "../../overhead/common.fx"
import "../../overhead/logreg.fx"

def main():
    w, x, y = logreg_inputs()
    run_primal(lambda: logistic_loss(w, x, y))
