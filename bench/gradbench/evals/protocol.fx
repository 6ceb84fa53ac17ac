# What every eval program shares: it is run as `fluxion run EVAL.fx DIR FUNCTION MIN_RUNS
# MIN_SECONDS` by bench/gradbench/tool, reads its input from DIR (bench/lib/files.fx), times
# the function as the evaluate message asks (bench/lib/timing.fx) and saves the output to DIR
# for the tool to send.
import "../../lib/timing.fx"

def input_dir():
    return arg(0, ".")

# The evaluate message's function: objective, jacobian, primal, ff, ...
def function_name():
    return arg(1, "")

# Runs f (a function of no arguments) at least MIN_RUNS times and MIN_SECONDS; its last output.
def evaluate(f):
    return time_runs(function_name(), f, arg(2, 1), arg(3, 0.0))

def save_number(x: f64):
    save(input_dir() + "/output.npy", [x])

def save_tensor(t):
    save(input_dir() + "/output.npy", t)

# A tuple of tensors: output.npz with arr_0, arr_1, ...
def save_tuple(t):
    save(input_dir() + "/output.npz", t)
