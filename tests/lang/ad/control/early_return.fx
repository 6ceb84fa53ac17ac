# Pins: `return` from inside a loop inside an `if`. x doubles each iteration until it
# exceeds 50, then x * i is returned: at x = 1 that is (64 x) * 6, derivative 384.
# EXPECT: 384.0
# EXPECT: 384.0
# EXPECT: 3.0
def doubling(x):
    for i in range(100):
        if x > 50.0:
            return x * i
        x = x * 2.0
    return x

def first_above(x):
    y = x
    n = 0
    while n < 1000:
        if y > 3.0:
            return y
        y = y + x
        n += 1
    return -1.0

def main():
    print(grad(doubling)(1.0))
    print(derivative(doubling)(1.0))
    # y = x, 2x, 3x, ...: at x = 1.2 the first value above 3 is 3x.
    print(grad(first_above)(1.2))
