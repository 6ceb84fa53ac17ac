# Pins: a negative integer literal as a pattern.
# spec-silent: patterns are "a literal" (ast.hpp); `-1` is accepted as in Python.
# EXPECT: minus one
# EXPECT: something else
def name(n):
    match n:
        case -1:
            return "minus one"
        case _:
            return "something else"

def main():
    print(name(-1))
    print(name(1))
