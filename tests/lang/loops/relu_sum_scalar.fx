# Pins: the relu_sum shape of LANGUAGE.md §4 on scalars: if/elif with break inside a for loop.
# EXPECT: 3.0
# EXPECT: 10.0
def value_at(i):
    return 1.0 * i - 1.0 if i != 6 else -20.0

def relu_sum(n):
    total = 0.0
    for i in range(n):
        v = value_at(i)
        if v > 0.0:
            total += v
        elif v < -10.0:
            break
    return total

def main():
    print(relu_sum(4))
    print(relu_sum(10))
