# Pins: recursion whose depth depends on the float argument: x is halved until below 1,
# so the result is 3 + x / 8 at x = 5 (three halvings) and the derivative 1/8.
# EXPECT: 0.125
# EXPECT: 0.5
def halvings(x):
    if x < 1.0:
        return x
    return 1.0 + halvings(x * 0.5)

def main():
    print(grad(halvings)(5.0))
    print(grad(halvings)(1.5))
