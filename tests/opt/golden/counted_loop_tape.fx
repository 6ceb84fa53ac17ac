# A `for` over range(n) without break or return is a counted loop: `while` carries its trip
# count, max(n - 0, 0), as a fourth operand (ops.def), and reverse mode makes the loop's tape
# with room for that many entries, list_empty(trips), before the forward loop, which stays
# counted (docs/ad.md §4). The backward loop pops until the tape is empty. The tape's entries
# are typed (the pullbacks the body pushes), so both engines lay it out once: native code
# makes it with fx_tape_L, room for `trips` entries, where a plain while's tape starts as
# the empty stack and doubles (docs/codegen.md "Derivatives"). Here the entries are empty: the
# factor y is the same in every iteration and the backward loop reads it from its env
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
# C-COUNT: 1 ^  L_\w+ t_\d+ = fx_tape_L_\w+\(trips_\d+, \d+\);$
# C-HAS: ^  int64_t cap = trips < \(int64_t\)\(\(1u << 30\) / \(sizeof\(\w+\) \? sizeof\(\w+\) : 1\)\) \? trips :
# C-HAS: ^  if \(trips <= 0\) return \(L_\w+\)\{0\};
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
