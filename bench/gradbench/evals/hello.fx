# GradBench's `hello` (GRADBENCH.md §2.1): square, and its derivative `double`.
import "../../lib/timing.fx"
import "../../lib/files.fx"

def square(x):
    return x * x

def main():
    dir = arg(0, ".")
    function = arg(1, "square")
    x = load_number(dir, "input")
    if function == "square":
        out = time_runs(function, lambda: square(x), 1, 0.0)
    else:
        out = time_runs(function, lambda: grad(square)(x), 1, 0.0)
    save(dir + "/output.npy", [out])
