# Pins: `--native` on a program with a construct the C back end does not support yet (here the
# derivative of an enum that holds a tensor: its zero and sums are written out only for enums
# of numbers, tuples, structs and enums) stops before running, with a located compile error that
# names the construct (docs/codegen.md "Native or interpreted"). Without --native the program
# runs in the interpreter; `emit-c` reports the same error.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:17:20: error: the native back end does not support the derivative of an enum holding a Tensor[f64, 1] yet (run it with --interp)
enum Layer:
    Scale(w: Tensor[f64, 1])
    Shift(b: f64)

def apply(l, x):
    match l:
        case Shift(b):
            return sum(x) + b
        case Scale(w):
            return sum(w * x)

def main():
    print("never printed")
    print(grad(lambda m: apply(m, [3.0, 4.0] * 1.0))(Scale([1.0, 2.0] * 1.0)))
