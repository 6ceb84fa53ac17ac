# Per-op overhead of tensor operations, natively: a straight-line chain of OPS = 64 elementwise
# operations on one-element f64 tensors and its gradient by reverse mode, each called REPS times
# in a loop whose every call depends on the last. Each value of the chain is the previous two
# combined (a[k+2] = a[k+1] OP a[k], OP cycling through * - / +, which keeps every value in
# [0.37, 46] and the result's derivative near 5), so every value has two readers. Unfused, every
# operation is its own call of the runtime: a result header, its storage, the counts of the
# references generated code holds. What one such operation costs beyond its one multiply or
# add is what a model of small tensors (ADBench's LSTM) pays per operation. The optimiser's
# fusion (docs/opt.md "Fusion": a region is a DAG, a value joins it when all its readers are
# in it) makes the primal chain one loop; the gradient's add_tangent and unbroadcast nodes,
# which are not fused, still split its adjoints into many small kernels and runtime calls. Timed as per_op.fx is (`timing` lines, results
# saved for the C++ peer: bench/peers/cpp/overhead.cpp `per_op_tensor`); bench/run.py divides
# the times by REPS * OPS (harness/per_op.py).
#   fluxion run bench/overhead/per_op_tensor.fx OUT [MIN_RUNS [MIN_SECONDS [REPS]]]
import "../lib/timing.fx"

def chain(a0, a1):
    a2 = a1 * a0
    a3 = a2 - a1
    a4 = a3 / a2
    a5 = a4 + a3
    a6 = a5 * a4
    a7 = a6 - a5
    a8 = a7 / a6
    a9 = a8 + a7
    a10 = a9 * a8
    a11 = a10 - a9
    a12 = a11 / a10
    a13 = a12 + a11
    a14 = a13 * a12
    a15 = a14 - a13
    a16 = a15 / a14
    a17 = a16 + a15
    a18 = a17 * a16
    a19 = a18 - a17
    a20 = a19 / a18
    a21 = a20 + a19
    a22 = a21 * a20
    a23 = a22 - a21
    a24 = a23 / a22
    a25 = a24 + a23
    a26 = a25 * a24
    a27 = a26 - a25
    a28 = a27 / a26
    a29 = a28 + a27
    a30 = a29 * a28
    a31 = a30 - a29
    a32 = a31 / a30
    a33 = a32 + a31
    a34 = a33 * a32
    a35 = a34 - a33
    a36 = a35 / a34
    a37 = a36 + a35
    a38 = a37 * a36
    a39 = a38 - a37
    a40 = a39 / a38
    a41 = a40 + a39
    a42 = a41 * a40
    a43 = a42 - a41
    a44 = a43 / a42
    a45 = a44 + a43
    a46 = a45 * a44
    a47 = a46 - a45
    a48 = a47 / a46
    a49 = a48 + a47
    a50 = a49 * a48
    a51 = a50 - a49
    a52 = a51 / a50
    a53 = a52 + a51
    a54 = a53 * a52
    a55 = a54 - a53
    a56 = a55 / a54
    a57 = a56 + a55
    a58 = a57 * a56
    a59 = a58 - a57
    a60 = a59 / a58
    a61 = a60 + a59
    a62 = a61 * a60
    a63 = a62 - a61
    a64 = a63 / a62
    a65 = a64 + a63
    return a65

# The loop's own three operations (a scale, an add for the input, one for the sum) are not in
# the 64 that the times are divided by.
def primal_reps(x, b, reps: i64):
    s = zeros((1,))
    for i in range(reps):
        s = s + chain(x + 1e-12 * s, b)
    return s

def gradient_reps(x, b, reps: i64):
    s = zeros((1,))
    for i in range(reps):
        s = s + grad(lambda x: sum(chain(x, b)))(x + 1e-12 * s)
    return s

def main():
    out = arg(0, ".")
    min_runs = arg(1, 1)
    min_seconds = arg(2, 0.0)
    reps = arg(3, 20000)
    x = full((1,), 0.5 + 0.0 * arg(4, 0.0))   # known only at run time
    b = full((1,), 0.75)
    f, g = time_pair("objective", lambda: primal_reps(x, b, reps), "gradient", lambda: gradient_reps(x, b, reps), min_runs, min_seconds)
    save(out + "/objective.npy", f)
    save(out + "/gradient.npy", g)
