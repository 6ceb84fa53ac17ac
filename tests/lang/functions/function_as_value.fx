# Pins: top-level functions are values: stored in variables, passed and called.
# EXPECT: 6
# EXPECT: 11
def double(x):
    return 2 * x

def apply(f, x):
    return f(x)

def main():
    g = double
    print(g(3))
    print(apply(double, 5) + 1)
