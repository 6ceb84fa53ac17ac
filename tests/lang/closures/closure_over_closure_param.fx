# Pins: a closure that captures a function parameter which is itself a function.
# EXPECT: 11
# EXPECT: 0.0
def twice(f):
    return lambda x: f(f(x))

def main():
    add5 = lambda x: x + 5
    print(twice(add5)(1))
    print(twice(sin)(0.0))
