# Pins: a loop gradient native code still leaves to the interpreter: the backward pass of a loop
# that calls a recursion whose base case reads a[i] (GradBench's det). recursion-acc hands the
# loop's accumulator through the recursion's pullbacks, so a[i]'s cotangent is added in place
# (tests/opt/golden/recursion_cotangent_in_loop.fx), but the recursion's inner loop carries
# the cotangent of the index array `columns`, read out of a zero of its whole environment
# made at every call, which dead-results does not drop yet (docs/opt.md "Recursive accumulators"), so `--native` stops
# with a located error (docs/codegen.md "Native or interpreted") and `run` interprets it. `--opt=1`
# (the default) is named: with `--opt=0` the loop is refused before, at the read of a[...].
# RUN: run --native --opt=1
# EXIT: 1
# STDERR: {file}:17:5: error: the native back end does not support a tensor derivative started from zero at every iteration of a loop's backward pass
def det_minor(a, ell: i64, row: i64, columns):
    if len(columns) == 1:
        return a[row * ell + columns[0]]
    total = 0.0
    sign = 1.0
    for j in range(len(columns)):
        rest = concat((columns[0:j], columns[j + 1:]))
        total = total + sign * a[row * ell + columns[j]] * det_minor(a, ell, row + 1, rest)
        sign = -sign
    return total

def main():
    print(grad(det_minor)([2.0, 0.0, 1.0, 1.0, 3.0, 2.0, 1.0, 1.0, 4.0], 3, 0, arange(3)))
