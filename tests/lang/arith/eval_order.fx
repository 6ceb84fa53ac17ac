# Pins: evaluation is strict and left to right (LANGUAGE.md §3): operands of binary
# operators and call arguments are evaluated in source order, whatever the precedence.
# EXPECT: a
# EXPECT: b
# EXPECT: c
# EXPECT: 7
# EXPECT: x
# EXPECT: y
# EXPECT: z
# EXPECT: 6
def tr(label, v):
    print(label)
    return v

def add3(p, q, r):
    return p + q + r

def main():
    print(tr("a", 1) + tr("b", 2) * tr("c", 3))
    print(add3(tr("x", 1), tr("y", 2), tr("z", 3)))
