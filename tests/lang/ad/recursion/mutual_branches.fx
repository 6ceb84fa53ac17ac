# Pins: reverse mode through mutual recursion whose functions branch, so that the pullback of
# each holds one of several codes that hold the other's pullback (a cycle of closures of
# several codes), and a second mutual pair over an enum list.
# EXPECT: 54.0
# EXPECT: -13.5
# EXPECT: 5.0
# EXPECT: Cons(3.0, Cons(-3.0, Cons(3.0, Cons(3.0, Nil))))
enum List:
    Nil()
    Cons(head: f64, tail: List)

# even(x, n) for even n and odd(x, n) for odd n multiply x in n times, doubling on odd levels
# whose x is positive: even(x, 4) = x * 2 x * x * 2 x = 4 x^4 for x > 0 (d/dx = 16 x^3),
# x^4 for x < 0 (4 x^3).
def even(x, n):
    if n == 0:
        return 1.0
    return x * odd(x, n - 1)

def odd(x, n):
    if x > 0.0:
        return 2.0 * x * even(x, n - 1)
    return x * even(x, n - 1)

# Alternating sums over a list: a - b + c - ...; weighted by w at the heads it adds.
def plus(l, w):
    match l:
        case Nil():
            return 0.0
        case Cons(h, t):
            return w * h + minus(t, w)

def minus(l, w):
    match l:
        case Nil():
            return 0.0
        case Cons(h, t):
            return minus_head(h, w) + plus(t, w)

def minus_head(h, w):
    if h > 0.0:
        return -w * h
    return w * h

def main():
    print(grad(lambda x: even(x, 4))(1.5))
    print(grad(lambda x: even(x, 4))(-1.5))
    # plus(l, w) = 5 w - 2 w + 4 w + (-2) w: the last head is negative at a minus level.
    l = Cons(5.0, Cons(2.0, Cons(4.0, Cons(-2.0, Nil()))))
    print(grad(plus, argnums=1)(l, 3.0))
    print(grad(plus, argnums=0)(l, 3.0))
