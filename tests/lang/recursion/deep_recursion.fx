# Pins: linear recursion 900 calls deep works (no stack overflow, no depth error).
# spec-silent: the depth limit is not in the spec; Python's default limit (1000) allows this.
# EXPECT: 405450
# EXPECT: 900.0
def sum_to(n):
    if n == 0:
        return 0
    return n + sum_to(n - 1)

def count_down(n, acc):
    return acc if n == 0 else count_down(n - 1, acc + 1.0)

def main():
    print(sum_to(900))
    print(count_down(900, 0.0))
