# Pins: compose from LANGUAGE.md §4 returns a lambda closing over both functions.
# EXPECT: 16
# EXPECT: 10
# EXPECT: 7.0
def compose(f, g):
    return lambda x: f(g(x))

def inc(x):
    return x + 1

def square(x):
    return x * x

def main():
    print(compose(square, inc)(3))
    print(compose(inc, square)(3))
    h = compose(lambda x: x + 1.0, lambda x: x * 2.0)
    print(h(3.0))
