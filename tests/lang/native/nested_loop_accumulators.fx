# Nested loops (an RNN's layers inside its time steps, as ADBench's LSTM): the inner loop's
# backward pass accumulates the cotangents of w and xs, and the outer one adds that sum into its
# own accumulator. The inner accumulator starts where the outer one is (src/opt/
# loop_accumulators.cpp): were it started at a tensor of zeros at every outer iteration, the
# emitter would leave the loop to the interpreter and this --native test would fail. The values
# are the interpreter's (native/differential runs the program both ways).
# RUN: run --native --opt=1
# EXPECT: [0.03309951748417303, -0.49632589850528414]
# EXPECT: [[1.5444732980707556e-05, -5.1482443269025184e-05], [-0.00015194551127013778, 0.0018666143138387904], [0.00528690164420358, -0.024927885296126454], [-0.0641794742664078, 0.603059800055466]]
def f(w, xs):
    h = 0.0
    for t in range(xs.shape[0]):
        for j in range(2):
            h = tanh(h * w[j] + xs[t, j])
    return h

def main():
    xs = reshape(sin(arange(8) * 0.7), (4, 2))
    w = [0.5, -0.3]
    print(grad(f)(w, xs))
    print(grad(f, 1)(w, xs))
