# Pins: in a chain each operand is evaluated at most once, left to right, and evaluation
# stops at the first false link.
# spec-silent: §4 lists chained comparisons without detail; this is Python's behaviour.
# EXPECT: a
# EXPECT: b
# EXPECT: c
# EXPECT: True
# EXPECT: a
# EXPECT: b
# EXPECT: False
def tr(label, v):
    print(label)
    return v

def main():
    print(tr("a", 1) < tr("b", 2) < tr("c", 3))
    print(tr("a", 5) < tr("b", 2) < tr("c", 3))
