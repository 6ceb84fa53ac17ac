# GradBench's `lstm` (GRADBENCH.md §2.3): the loss and its gradient by reverse mode.
import "protocol.fx"
import "../../lib/files.fx"
import "../../models/lstm.fx"

def main():
    dir = input_dir()
    function = function_name()
    main_params = load_matrix(dir, "main_params")
    extra_params = load_matrix(dir, "extra_params")
    state = load_matrix(dir, "state")
    sequence = load_matrix(dir, "sequence")
    if function == "objective":
        f = evaluate(lambda: lstm_objective(main_params, extra_params, state, sequence))
        save_number(f)
    else:
        g = evaluate(lambda: lstm_gradient(main_params, extra_params, state, sequence))
        save_tensor(g)
