# GradBench's det pattern natively (this program pinned its refusal until dead-graphs retired
# the pullbacks recursion-acc's copies replace): the backward pass of a loop that calls a
# recursion whose base case reads a[i]. recursion-acc hands the loop's accumulator through the
# recursion's pullbacks, so a[i]'s cotangent is added in place
# (tests/opt/golden/recursion_cotangent_in_loop.fx), and the cotangent of the index array
# `columns` that the recursion's inner loop carried, read out of a zero of its whole
# environment at every call, is dropped: dead-results no longer sees the replaced pullbacks,
# which shared that loop and started it from the whole zero (docs/opt.md "Recursive
# accumulators"). The first call's tape, whose tensors have known extents, is handed to the
# recursion's closures, whose are unknown (codegen/c_types.cpp, same_layout). Called directly
# and through `det` (columns arange(ell), the recursion's pullback inlined into the loop's
# backward body). native/differential runs the program in the interpreter too. `--opt=1` (the
# default) is named because the rewrites are the optimiser's: with `--opt=0` the loop runs in
# the interpreter.
# RUN: run --native --opt=1
# EXPECT: [10.0, -2.0, -2.0, 1.0, 7.0, -2.0, -3.0, -3.0, 6.0]
# EXPECT: [10.0, -2.0, -2.0, 1.0, 7.0, -2.0, -3.0, -3.0, 6.0]
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

def main():
    a = [2.0, 0.0, 1.0, 1.0, 3.0, 2.0, 1.0, 1.0, 4.0]
    print(grad(det_minor)(a, 3, 0, arange(3)))
    print(grad(det)(a, 3))
