# Pins: gradient through a higher-order function applying its argument twice, w.r.t. the
# input and w.r.t. a variable captured by the applied lambda.
# EXPECT: 32.0
# EXPECT: 6.0
# EXPECT: 32.0
def apply_twice(f, x):
    return f(f(x))

def main():
    print(grad(lambda x: apply_twice(lambda y: y * y, x))(2.0))
    # apply_twice(y -> a y, 1.5) = 1.5 a^2, derivative 3a at a = 2
    print(grad(lambda a: apply_twice(lambda y: a * y, 1.5))(2.0))
    print(jvp(lambda x: apply_twice(lambda y: y * y, x), (2.0,), (1.0,))[1])
