# GradBench's `llsq` (GRADBENCH.md §2.8): half the squared residual of fitting sign(t) by a
# polynomial with coefficients x at n points t in [-1, 1], and its gradient by reverse mode.
import "protocol.fx"
import "../../lib/files.fx"

def llsq_objective(x, n: i64):
    t = -1.0 + 2.0 * arange(n) / (n - 1)
    powers = transpose([t ** j for j in range(len(x))])    # (n, m): t_i^j, with 0^0 = 1
    return 0.5 * sum((sign(t) - powers @ x) ** 2)

def main():
    dir = input_dir()
    function = function_name()
    x = load_vector(dir, "x")
    n = load_count(dir, "n")
    if function == "primal":
        save_number(evaluate(lambda: llsq_objective(x, n)))
    else:
        save_tensor(evaluate(lambda: grad(llsq_objective)(x, n)))
