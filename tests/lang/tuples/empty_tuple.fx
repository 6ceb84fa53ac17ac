# Pins: the empty tuple `()` prints as `()`.
# spec-silent: §4 shows tuples (a, b); the empty tuple is taken as Python's.
# EXPECT: ()
def main():
    print(())
