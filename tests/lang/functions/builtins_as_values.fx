# Pins: builtins passed to user higher-order functions, at f64 and i64.
# EXPECT: 2.718281828459045
# EXPECT: 3
# EXPECT: 2.0
# EXPECT: 0.8807970779778823
def apply(f, x):
    return f(x)

def apply_twice(f, x):
    return f(f(x))

def main():
    print(apply(exp, 1.0))
    print(apply(abs, -3))
    print(apply_twice(sqrt, 16.0))
    print(apply(sigmoid, 2.0))
