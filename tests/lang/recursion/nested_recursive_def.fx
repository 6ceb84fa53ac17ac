# Pins: a nested def that calls itself, closing over a variable of the enclosing function.
# EXPECT: 18
# EXPECT: 0
def sum_multiples(n, k):
    def go(i):
        if i > n:
            return 0
        return i + go(i + k)
    return go(k)

def main():
    print(sum_multiples(10, 3))
    print(sum_multiples(2, 5))
