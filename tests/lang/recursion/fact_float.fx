# Pins: the fact example of LANGUAGE.md §4 (an i64 argument, an f64 result through the
# conditional expression): recursive type inference and f64 rounding of 20!.
# EXPECT: 1.0
# EXPECT: 120.0
# EXPECT: 2.43290200817664e+18
# EXPECT: 3628800.0
def fact(n):
    return 1.0 if n <= 1 else n * fact(n - 1)

def main():
    print(fact(0))
    print(fact(5))
    print(fact(20))
    print(fact(10.0))
