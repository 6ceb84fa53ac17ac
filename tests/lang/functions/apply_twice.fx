# Pins: a higher-order function applying its argument twice, with a def, a lambda and a
# closure.
# EXPECT: 12
# EXPECT: 81.0
# EXPECT: 6.0
def apply_twice(f, x):
    return f(f(x))

def add3(x):
    return x + 3

def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def main():
    print(apply_twice(add3, 6))
    print(apply_twice(lambda x: x * x, 3.0))
    print(apply_twice(make_scaler(2.0), 1.5))
