# Recompute or store (docs/opt.md "Loop-invariant residuals", opt/invariant_residuals.cpp): the
# pullback of `r = r * x` closes over x and r, but x is the same in every iteration, so the
# backward loop reads it from its own env instead of the tape, and dead-results drops it from
# each tape entry: the tape holds r alone (its env is ((), f64), not (f64, f64)).
# Reverse mode named: by default this gradient of one f64 runs in forward mode (docs/opt.md
# "Forward mode for one number"; grad_one_number_forward_mode.fx).
# FLAGS: --grad-mode=reverse
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: ad.jwhile_body
# IR-HAS: = list_push\(%\d+, %pullback\.\d+\) : List\[<closure .*\[J\]\[back\] with env \(\(\), f64\)>\]
# IR-NOT: with env \(f64, f64\)
# GOLDEN-GRAPH: ad.jwhile_back_body_acc
# IR-HAS: %x\.\d+ = tuple_get\(%\$env\.\d+, 0\) : f64
# IR-COUNT: 1 = list_top\(
# EXPECT: 1105.054887114517
def power_loop(x, n: i64):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def main():
    x = arg(0, 1.0001)
    print(grad(power_loop)(x, 1000))
