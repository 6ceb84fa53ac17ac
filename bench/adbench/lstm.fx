# ADBench's LSTM on one of its files: the loss and its gradient [main | extra] by reverse mode,
# saved to OUT as objective.npy and gradient.npy, each timed (bench/lib/timing.fx).
#   fluxion run bench/adbench/lstm.fx FILE OUT [MIN_RUNS [MIN_SECONDS]]
import "../lib/timing.fx"
import "../models/lstm.fx"
import "read_lstm.fx"

def main():
    s = read_lstm(arg(0, "../shared/data/adbench/lstm/lstm_l2_c1024.txt"))
    out = arg(1, ".")
    min_runs = arg(2, 1)
    min_seconds = arg(3, 0.0)
    f, gradient = time_pair("objective", lambda: lstm_objective(s.main_params, s.extra_params, s.state, s.sequence),
                            "gradient", lambda: lstm_gradient(s.main_params, s.extra_params, s.state, s.sequence),
                            min_runs, min_seconds)
    save(out + "/objective.npy", [f])
    save(out + "/gradient.npy", gradient)
