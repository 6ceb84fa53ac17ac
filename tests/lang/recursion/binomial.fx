# Pins: tree recursion (Pascal's rule).
# EXPECT: 120
# EXPECT: 1
# EXPECT: 252
def binom(n, k):
    if k == 0 or k == n:
        return 1
    return binom(n - 1, k - 1) + binom(n - 1, k)

def main():
    print(binom(10, 3))
    print(binom(5, 0))
    print(binom(10, 5))
