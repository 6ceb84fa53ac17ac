# GradBench's `hello` (GRADBENCH.md §2.1): square, and its derivative `double`.
import "protocol.fx"
import "../../lib/files.fx"

def square(x):
    return x * x

def main():
    dir = input_dir()
    function = function_name()
    x = load_number(dir, "input")
    if function == "square":
        out = evaluate(lambda: square(x))
    else:
        out = evaluate(lambda: grad(square)(x))
    save_number(out)
