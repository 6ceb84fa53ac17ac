# `ir --stage native` prints the derivative code the C emitter reads, after the optimiser ran
# over it (tests/lang/native/gradient_straight_line.fx checks the C): the gradient of
# straight-line code is one graph with no call, closure or tuple left, and `0.5 * w`, which the
# forward pass and the pullback both compute, is computed once (CSE keys a primitive callee by
# what it names: the expansion leaves the callee of its own nodes untyped).
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: grad,argnums=0
# IR-NOT: call|make_closure|closure_env|tuple_get|make_tuple
# IR-COUNT: 1 mul\(0\.5, %x0\.\d+\)
# IR-COUNT: 1 mul\(%x0\.\d+, %x1\.\d+\)
# EXPECT: 32.0
def loss(w, x):
    return (w * x - 1.0) ** 2 + 0.5 * w * w

def main():
    print(grad(loss)(2.0, 3.0))
