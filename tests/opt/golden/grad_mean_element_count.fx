# The gradient of a mean logistic loss (bench/overhead/logreg.fx) with respect to w: the
# primal mean, which grad does not return, goes (the mean of all of an f64 tensor's elements
# cannot fail: removable.cpp), and mean's rule counts the elements it divides by as
# `sum(zeros_like(t) + 1.0)`, which is `float(len(t))` for a vector whose extent the types do
# not know (shaped_identities.cpp). The cotangent of y, which nothing reads, goes too. And
# `softplus(z) - y * z` has the shape of `y * z` (z's shape is in it: known_shapes.cpp), so the
# primal subtraction cannot fail, the reads of its shape read `y * z`'s, and it goes with
# softplus(z); `y * z` stays: the user's product, whose operands' shapes nothing shows to agree.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: main
# IR-NOT: = mean\(
# IR-NOT: zeros_like|= sum\(
# IR-COUNT: 1 = len\(
# IR-NOT: unbroadcast\(%\d+, %y\.
# IR-NOT: = sub\(%\S+, %|= softplus\(
# IR-COUNT: 1 = mul\(%y\.\d+, %z\.\d+\)
# IR-COUNT: 2 unbroadcast\(
# EXPECT: True
def logistic_loss(w, x, y):
    z = x @ w
    return mean(softplus(z) - y * z)

def main():
    n = arg(0, 3)
    x = reshape(0.1 * arange(2 * n) - 0.2, (n, 2))
    y = 1.0 * (arange(n) % 2)
    w = [0.5, -1.0]
    g = grad(logistic_loss)(w, x, y)
    # NumPy's answer to the last bits of one machine: exp, log1p and BLAS round differently
    # on others (an add, not a sub: the checks above look for the subtraction).
    print(max(abs(g + [0.0033222664874985263, -0.010850627352787532])) < 1e-16)
