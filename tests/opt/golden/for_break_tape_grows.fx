# A `for` that may break is not counted: its loop is a plain `while` of three operands, and its
# tape, list_empty(), grows by doubling as the loop runs (docs/ad.md §4): native code starts it
# as the empty stack, not laid out for a count.
# GOLDEN-FN: main
# STAGE: native
# GOLDEN-GRAPH: grad
# IR-NOT: trips
# IR-COUNT: 1 = list_empty\(\) : List\[Bottom\]
# IR-COUNT: 2 = while\(%\d+, %\d+, %\d+\)
# C-NOT: fx_tape_L
# C-COUNT: 1 ^  L_\w+ t_\d+ = \(L_\w+\)\{0\};$
# EXPECT: 1.030301
def power(x, y, n):
    r = x
    for i in range(n):
        if i == 3:
            break
        r = r * y
    return r

def main():
    x = arg(0, 1.5)
    y = arg(1, 1.01)
    print(grad(power)(x, y, arg(2, 10)))
