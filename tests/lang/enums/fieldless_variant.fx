# Pins: a variant declared without fields (`Nil`), constructed as `Nil()` and matched as
# `case Nil():`.
# spec-silent: §7 only shows variants with fields. Chosen: the declaration is the bare name,
# construction is a call with no arguments and the pattern is `Nil()` (a bare name in a
# pattern binds a variable, as in Python).
# EXPECT: 3
# EXPECT: 6
enum IntList:
    Nil
    Cons(head: i64, tail: IntList)

def length(l):
    match l:
        case Nil():
            return 0
        case Cons(h, t):
            return 1 + length(t)

def total(l):
    match l:
        case Nil():
            return 0
        case Cons(h, t):
            return h + total(t)

def main():
    l = Cons(1, Cons(2, Cons(3, Nil())))
    print(length(l))
    print(total(l))
