# A `for` over range(n) without break or return is a counted loop: `while` carries its trip
# count, max(n - 0, 0), as a fourth operand (ops.def), and reverse mode makes the loop's tape
# with room for that many entries, list_empty(trips), before the forward loop, which stays
# counted (docs/ad.md §4). The backward loop pops until the tape is empty. The tape's entries
# are typed (the pullbacks the body pushes), so both engines lay it out once. Only the loop
# pushes onto it, once per iteration (codegen/linear_tapes.hpp), so native code makes it with
# fx_linear_tape_L, room for exactly `trips` entries, pushes with fx_linear_push_L (a store
# and a count: no look at the stack's header, no check for room) and writes the header's top
# once, after the loop; a plain while's tape starts as the empty stack and doubles
# (docs/codegen.md "Derivatives", "Linear tapes"). Here the entries are empty: the factor y is
# the same in every iteration and the backward loop reads it from its env
# (opt/invariant_residuals.cpp), and r is not needed for x's cotangent; the tape still counts
# the iterations.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: grad
# IR-COUNT: 1 %trips\.\d+ = maximum\(%x2\.\d+, 0\) : i64
# IR-COUNT: 1 = list_empty\(%trips\.\d+\) : List\[<closure for_body.*\[J\]\[back\] with env \(\(\), \(\)\)>\]
# IR-NOT: Bottom
# IR-NOT: list_empty\(\)
# IR-COUNT: 1 = while\(%\d+, %\d+, %\d+, %trips\.\d+\)
# C-COUNT: 1 ^  L_\w+ t_\d+ = fx_linear_tape_L_\w+\(trips_\d+, \d+\);$
# C-HAS: ^  if \(trips <= 0\) return \(L_\w+\)\{0\};
# C-HAS: ^  b->data = \(L_\w+_at\*\)fx_box_new_array\(fx_array_bytes\(sizeof\(L_\w+_at\), trips, sizeof\(\w+\), loc\), loc\);
# C-COUNT: 1 ^  L_\w+ t_\d+ = fx_linear_push_L_\w+\(t_\d+, \w+\);$
# C-HAS: ^  l\.box->data->at\[l\.n\] = x;
# C-COUNT: 1 ^  if \((t_\d+)\.e1\.box\) \1\.e1\.box->len = \1\.e1\.n;$
# C-NOT: fx_push_L_
# C-NOT: = \(L_\w+\)\{0\};
# EXPECT: 1.1046221254112045
def power(x, y, n):
    r = x
    for i in range(n):
        r = r * y
    return r

def main():
    x = arg(0, 1.5)
    y = arg(1, 1.01)
    print(grad(power)(x, y, arg(2, 10)))
