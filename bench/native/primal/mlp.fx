# The primal of bench/overhead/mlp.fx alone, for bench/native/primal_vs_cpp.py.
#   fluxion run bench/native/primal/mlp.fx OUT [MIN_RUNS [MIN_SECONDS [BATCH]]]
import "../../overhead/common.fx"
import "../../overhead/mlp.fx"

def main():
    p, x, labels = mlp_inputs()
    run_primal(lambda: mlp_loss(p, x, labels))
