# The gradient of a function of one f64 with an f64 result, whose other arguments hold no float,
# runs in forward mode (docs/opt.md "Forward mode for one number"): the loop's derivative runs
# beside the primal in one loop of the transformed body ([T]) that carries (r, dr), with no
# tape, no pullback and no backward loop. With --grad-mode=reverse the same loop tapes
# (loop_invariant_residual.fx). The i64 arguments get zero tangents; value_and_grad returns
# the primal from the same pass. An `if` in forward mode runs the T codes of its branches,
# whose closures branch-closures takes apart, as in reverse mode.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-HAS: make_closure\(@for_body\[\(f64, i64\)\]\[cc\]\[T\]
# IR-NOT: list_empty|list_push|\[J\]|closure_is
# C-NOT: fx_linear_tape|fx_tape_
# EXPECT: 2.0 4.0
# EXPECT: 3.0
# EXPECT: 1.1046221254112045 True
def scaled_power(k, x, n):
    r = float(k)
    for i in range(n):
        r = r * x
    return r + float(k) * x if x > 0.0 else r

def power(x, n):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def main():
    k = arg(0, 2)
    print(grad(scaled_power, 1)(k, 1.0, 0), grad(scaled_power, 1)(k, 1.0, 1))
    print(grad(scaled_power, 1)(1, -1.0, arg(1, 3)))
    v, g = value_and_grad(power)(1.01, arg(2, 10))
    print(v, abs(g - 10.0 * 1.01 ** 9) < 1e-14)   # ...611 in forward mode, ...61 in reverse
