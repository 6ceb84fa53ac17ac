# Pins: `fluxion emit-c` of a program with a construct the C back end does not support yet
# (the derivative of an enum that holds a tensor): the same located compile error as
# `run --native`.
# RUN: args emit-c {file} --fn main
# EXIT: 1
# STDERR: {file}:15:20: error: the native back end does not support the derivative of an enum holding a Tensor[f64, 1] yet (run it with --interp)
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
    print(grad(lambda m: apply(m, [3.0, 4.0] * 1.0))(Scale([1.0, 2.0] * 1.0)))
