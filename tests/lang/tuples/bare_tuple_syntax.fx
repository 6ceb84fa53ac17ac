# Pins: tuples without parentheses in `return a, b` and on the right of `=`.
# spec-silent: §4 writes tuples as `(a, b)`; the unparenthesised forms are Python's.
# EXPECT: (2, 3)
# EXPECT: (1.0, 2)
def pair():
    return 2, 3

def main():
    print(pair())
    t = 1.0, 2
    print(t)
