# Pins: conditional expressions `a if c else b`, nested (right-associative) and as arguments.
# EXPECT: 1.0
# EXPECT: 120.0
# EXPECT: neg
# EXPECT: zero
# EXPECT: pos
# EXPECT: 7
def fact(n):
    return 1.0 if n <= 1 else n * fact(n - 1)

def sgn(x):
    return "neg" if x < 0 else "zero" if x == 0 else "pos"

def main():
    print(fact(0))
    print(fact(5))
    print(sgn(-3))
    print(sgn(0))
    print(sgn(8))
    print(max(3 if True else 4, 7 if 1 > 2 else 5) + 2)
