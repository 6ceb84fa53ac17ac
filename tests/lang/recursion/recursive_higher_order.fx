# Pins: a recursive function taking a function argument.
# EXPECT: 1024
# EXPECT: 0.5
def iterate(f, n, x):
    return x if n == 0 else iterate(f, n - 1, f(x))

def main():
    print(iterate(lambda v: v * 2, 10, 1))
    print(iterate(lambda v: v / 2.0, 3, 4.0))
