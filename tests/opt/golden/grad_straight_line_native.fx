# `ir --stage native` prints the derivative code the C emitter reads, after the optimiser ran
# over it (tests/lang/native/gradient_straight_line.fx checks the C): the gradient of
# straight-line code is straight-line code with no call, closure or tuple left, inlined into
# main (a generated graph goes into a top-level clone once it is plain code: inline_calls.cpp),
# and `0.5 * w`, which the forward pass and the pullback both compute, is computed once (CSE
# keys a primitive callee by what it names: the expansion leaves the callee of its own nodes
# untyped). The arguments come from the command line, so that nothing folds to a constant.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: call|make_closure|closure_env|tuple_get|make_tuple
# IR-COUNT: 1 mul\(0\.5, %w\.\d+\)
# IR-COUNT: 1 mul\(%w\.\d+, %x\.\d+\)
# EXPECT: 32.0
def loss(w, x):
    return (w * x - 1.0) ** 2 + 0.5 * w * w

def main():
    w = arg(0, 2.0)
    x = arg(1, 3.0)
    print(grad(loss)(w, x))
