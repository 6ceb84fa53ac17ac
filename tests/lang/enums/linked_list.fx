# Pins: a recursive list enum: length, sum and building by recursion.
# EXPECT: 4
# EXPECT: 10
# EXPECT: Cons(1, Cons(2, Last(3)))
enum List:
    Last(value: i64)
    Cons(head: i64, tail: List)

def length(l):
    match l:
        case Last(v):
            return 1
        case Cons(h, t):
            return 1 + length(t)

def total(l):
    match l:
        case Last(v):
            return v
        case Cons(h, t):
            return h + total(t)

def upto(a, b):
    if a == b:
        return Last(a)
    return Cons(a, upto(a + 1, b))

def main():
    l = Cons(1, Cons(2, Cons(3, Last(4))))
    print(length(l))
    print(total(l))
    print(upto(1, 3))
