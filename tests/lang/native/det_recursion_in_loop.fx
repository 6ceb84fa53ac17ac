# GradBench's det natively: reverse mode through a loop that calls a recursion whose base case
# reads a[i] (expansion by minors along the first row). recursion-acc hands the loop's
# accumulator through the recursion's pullbacks, so a leaf adds its cotangent into a's in place
# (tests/opt/golden/recursion_cotangent_in_loop.fx); the inner backward loops start at that
# accumulator, and the cotangent of the index array `columns` they carried, read out of a zero
# of the loop's whole environment, is dropped (opt/zero_parts.cpp, dead-results, and
# dead-graphs retiring the pullbacks recursion-acc's copies replaced). So the leaf costs O(1)
# and the program runs natively (before, the emitter refused it: "a tensor derivative started
# from zero at every iteration of a loop's backward pass"). A 4x4 matrix, through `det` (whose
# columns, arange(ell), have no known length: the recursion's pullback is inlined into the
# loop's backward body, and the inner loops start at the accumulator the `if` over its cases
# hands in) and called directly; the gradient (the cofactor matrix) agrees with central finite
# differences, and a second gradient does not see the first one's buffers. (One matrix size per
# program: det_minor_in_loop.fx has a 3x3 in both forms.) native/differential runs the program
# in the interpreter too.
# `--opt=1` (the default) is named because the rewrite is the optimiser's: with `--opt=0` the
# loop runs in the interpreter.
# RUN: run --native --opt=1
# EXPECT: det 4x4 -39.25
# EXPECT: [34.75, -8.25, -8.875, -39.0, 2.5, -8.5, 2.75, -4.5, 16.5, -9.0, -13.25, -14.0, -44.5, 10.0, 6.0, 33.0]
# EXPECT: 4x4 = finite differences ok
# EXPECT: again ok
# EXPECT: direct ok
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

def det(a, ell: i64):
    return det_minor(a, ell, 0, arange(ell))

def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))

def main():
    b = [2.0, -1.0, 0.0, 3.0, 1.0, 4.0, -2.0, 0.5, 0.0, 1.5, 3.0, -1.0, 2.5, 0.0, 1.0, 2.0]
    print("det 4x4", det(b, 4))
    g = grad(det)(b, 4)
    print(g)
    ok = True
    for i in range(16):
        e = zeros(16)
        e[i] = 1.0
        h = 1e-6
        fd = (det(b + h * e, 4) - det(b - h * e, 4)) / (2.0 * h)
        ok = ok and close(g[i], fd)
    print("4x4 = finite differences", "ok" if ok else "differ")
    g2 = grad(det)(b, 4)
    same = True
    for i in range(16):
        same = same and g2[i] == g[i]
    print("again", "ok" if same else "differ")
    direct = grad(det_minor)(b, 4, 0, arange(4))
    for i in range(16):
        same = same and direct[i] == g[i]
    print("direct", "ok" if same else "differ")
