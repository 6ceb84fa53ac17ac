# Pins: a negative constant index counts from the end of a tuple.
# spec-silent: Python semantics; docs/ir.md only says the index is an i64 constant.
# EXPECT: 3.0
# EXPECT: 1
def main():
    t = (1, 2, 3.0)
    print(t[-1])
    print(t[-3])
