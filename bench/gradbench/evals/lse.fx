# GradBench's `lse` (GRADBENCH.md §2.9): log-sum-exp built from max, exp, sum and log, and its
# gradient by reverse mode through those primitives.
import "protocol.fx"
import "../../lib/files.fx"

def lse(x):
    top = max(x)
    return log(sum(exp(x - top))) + top

def main():
    dir = input_dir()
    function = function_name()
    x = load_vector(dir, "x")
    if function == "primal":
        save_number(evaluate(lambda: lse(x)))
    else:
        save_tensor(evaluate(lambda: grad(lse)(x)))
