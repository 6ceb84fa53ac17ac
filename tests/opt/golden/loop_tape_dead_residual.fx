# The gradient of a loop with respect to what it starts from, not to the factor it captures:
# the body's pullback closes over r (for y's cotangent) and y (for r's). Nobody reads y's
# cotangent, so the backward loop's accumulator of it is carried only to compute itself, and
# r is read only by that accumulation (opt/dead_results.cpp, "loops"): both go. y is the same
# in every iteration, so the backward loop reads it from its env, not from the tape
# (opt/invariant_residuals.cpp), and each iteration's tape entry holds nothing (its env is
# ((), ()), not (f64, f64)); the forward loop no longer carries the primal r nobody reads.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: ad.jwhile_body
# IR-HAS: = list_push\(%\d+, %pullback\.\d+\) : List\[<closure .*\[J\]\[back\] with env \(\(\), \(\)\)>\]
# IR-NOT: = mul\(
# IR-NOT: with env \(f64, f64\)
# GOLDEN-GRAPH: ad.jwhile_back_body
# IR-NOT: add_tangent
# IR-COUNT: 1 = mul\(
# EXPECT: 1.1046221254112045
def power(x, y, n):
    r = x
    for i in range(n):
        r = r * y
    return r

def main():
    x = arg(0, 1.5)
    y = arg(1, 1.01)
    print(grad(power)(x, y, 10))
