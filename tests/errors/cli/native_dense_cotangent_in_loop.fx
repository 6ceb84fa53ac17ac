# Pins: the one loop gradient native code still leaves to the interpreter: the backward pass of
# a loop that reads xs[t] inside a branch of its body. The branch's pullback returns xs's
# cotangent as a tensor of zeros with one element set, which the optimiser does not take apart
# (src/opt/tangent_sums.cpp adds such cotangents in place outside branches): built densely at
# every iteration, the gradient would be quadratic, so `--native` stops with a located error
# (docs/codegen.md "Native or interpreted") and `run` interprets it, sparsely.
# RUN: run --native
# EXIT: 1
# STDERR: {file}:16:23: error: the native back end does not support a tensor derivative started from zero at every iteration of a loop's backward pass
def f(w, xs):
    h = 0.0
    for t in range(len(xs)):
        if t % 2 == 0:
            h = h * w
        else:
            h = h + xs[t]
    return h

def main():
    print(grad(f, 1)(0.5, [1.0, 2.0, 3.0, 4.0]))
