# Reference counting of boxed values (enums) in native code: lists built in loops and by
# recursion, kept in tuples, structs and closures, replaced by field updates, chosen by `if`,
# dropped and shared. Native code checks that every box is released when main returns (an
# internal error otherwise), so this program pins the ownership rules of docs/codegen.md.
# EXPECT: 10 45.0
# EXPECT: Cons(1.0, Cons(2.0, Nil))
# EXPECT: 3.0 True False
# EXPECT: Holder(items=Cons(7.0, Nil), count=1) 7.0
# EXPECT: 6.0 2
# EXPECT: Cons(5.0, Nil) Cons(5.0, Nil) 5.0
enum List:
    Nil
    Cons(head: f64, tail: List)

struct Holder:
    items: List
    count: i64

def length(xs):
    match xs:
        case Nil:
            return 0
        case Cons(h, t):
            return 1 + length(t)

def total(xs):
    s = 0.0
    done = False
    while not done:
        match xs:
            case Nil:
                done = True
            case Cons(h, t):
                s = s + h
                xs = t
    return s

def build(n):
    xs = Nil
    for i in range(n):
        xs = Cons(float(n - 1 - i), xs)
    return xs

def pick(c, a, b):
    if c:
        return a
    return b

def adder(xs):
    return lambda y: total(xs) + y

def keep(xs):
    return lambda: xs

def main():
    xs = build(10)
    print(length(xs), total(xs))
    pair = (Cons(1.0, Cons(2.0, Nil)), xs)
    print(pair[0])
    f = adder(pair[0])
    print(f(0.0), pick(True, xs, Nil) == xs, pick(False, xs, Nil) == xs)
    h = Holder(items=Nil, count=0)
    h.items = Cons(7.0, h.items)
    h.count = h.count + 1
    g = adder(h.items)
    print(h, g(0.0))
    shared = Cons(3.0, Nil)
    both = (shared, shared, Cons(0.0, shared))
    print(total(both[0]) + total(both[2]), length(both[2]))
    k = keep(Cons(5.0, Nil))
    print(k(), k(), total(k()))
