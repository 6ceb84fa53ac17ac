# GradBench's `lstm` (GRADBENCH.md §2.3): the loss and its gradient by reverse mode.
import "../../lib/timing.fx"
import "../../lib/files.fx"
import "../../models/lstm.fx"

def main():
    dir = arg(0, ".")
    function = arg(1, "objective")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    main_params = load_matrix(dir, "main_params")
    extra_params = load_matrix(dir, "extra_params")
    state = load_matrix(dir, "state")
    sequence = load_matrix(dir, "sequence")
    if function == "objective":
        f = time_runs(function, lambda: lstm_objective(main_params, extra_params, state, sequence), min_runs, min_seconds)
        save(dir + "/output.npy", [f])
    else:
        g = time_runs(function, lambda: lstm_gradient(main_params, extra_params, state, sequence), min_runs, min_seconds)
        save(dir + "/output.npy", g)
