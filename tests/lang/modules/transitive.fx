# Pins: a file sees the names of the files it imports directly, not of the files they import.
# This file imports left.fx, whose `left` and `fresh` use base.fx's `bump` and `Counter`; it
# gets Counter values back and prints and compares them, but naming Counter or bump here is
# an error (tests/errors/modules/transitive_name.fx, transitive_type.fx).
# spec-silent: §8 says an import makes "that file's top-level names" visible; they are not
# re-exported to the files that import it.
# EXPECT: Counter(n=2)
# EXPECT: True
import "../../modules_lib/lang/diamond/left.fx"

def twice(c):
    return left(left(c))

def main():
    c = twice(fresh())
    print(c)
    print(c == left(left(fresh())))
