# A loop's backward pass accumulates the cotangents of the tensors its body reads
# (src/opt/tangent_sums.cpp, docs/codegen.md "Derivatives"): x[t]'s cotangent is added in place
# at t, a row's at its row, and a captured tensor that gets no cotangent costs nothing per
# iteration. --native: were a tensor zero still built at every iteration, the emitter would
# leave the loop to the interpreter and this test would fail. The values are the interpreter's
# (native/differential runs the program both ways). `--opt=1` (the default) is named because
# the rewrite is the optimiser's: with `--opt=0` these loops run in the interpreter.
# RUN: run --native --opt=1
# EXPECT: 0.4853317409326732
# EXPECT: [0.20661049335136547, 0.322528604959489, 0.4607622258958649, 0.839097852858433]
# EXPECT: [[0.0, 0.0, 0.0], [1.5, 3.0, 4.5], [3.5, 7.0, 10.5]]
# EXPECT: [30.5, 35.5, 40.5]
# EXPECT: 3.75
# EXPECT: [0.0, 0.0, 0.0]
# EXPECT: [3.0, 7.0, 2.0, 1.0]
# EXPECT: [2.0, 3.0, 3.0, 3.0, 1.0]
def rnn(w, xs):
    h = 0.0
    for t in range(len(xs)):
        h = tanh(h * w + xs[t])
    return h

# Rows of a matrix, and the row index repeating (t // 2): its additions add up.
def rows(m, v):
    total = 0.0
    for t in range(4):
        total = total + dot(m[t // 2 + 1], v) * float(t + 1) * 0.5
    return total

# `table` is captured and read through stop_gradient: a zero cotangent.
def unused(w, table):
    h = 1.0
    for t in range(3):
        h = h * w + stop_gradient(table[t])
    return h

# A scalar read twice an iteration at two places, and one position written by two iterations.
def neighbours(xs):
    s = 0.0
    for t in range(len(xs) - 1):
        s = s + xs[t] * 2.0 + xs[t + 1]
    return s

def main():
    xs = [0.3, -0.2, 0.5, 0.1]
    print(grad(rnn)(0.7, xs))
    print(grad(rnn, 1)(0.7, xs))
    m = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]
    print(grad(rows)(m, [1.0, 2.0, 3.0]))
    print(grad(rows, 1)(m, [1.0, 2.0, 3.0]))
    print(grad(unused)(0.5, [1.0, 2.0, 3.0]))
    print(grad(unused, 1)(0.5, [1.0, 2.0, 3.0]))
    print(grad(neighbours)([1.0, 2.0, 3.0, 4.0, 5.0])[0:4] + [1.0, 4.0, -1.0, -2.0])
    print(grad(neighbours)([1.0, 2.0, 3.0, 4.0, 5.0]))
