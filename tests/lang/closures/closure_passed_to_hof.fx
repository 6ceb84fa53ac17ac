# Pins: a closure passed to a higher-order function that applies it in a loop.
# EXPECT: 8.0
# EXPECT: 13
def make_scaler(k):
    return lambda x: k * x

def apply_n(f, n, x):
    for i in range(n):
        x = f(x)
    return x

def main():
    print(apply_n(make_scaler(2.0), 3, 1.0))
    step = 3
    print(apply_n(lambda v: v + step, 4, 1))
