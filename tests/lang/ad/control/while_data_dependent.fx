# Pins: a while loop whose trip count depends on the input: the gradient is that of the
# unrolled path actually taken (x^4 at x = 2, x^3 at x = 3, x^6 at x = 1.5).
# EXPECT: 32.0
# EXPECT: 27.0
# EXPECT: 45.5625
# EXPECT: (16.0, 32.0)
def power_until(x):
    y = x
    while y < 10.0:
        y = y * x
    return y

def main():
    print(grad(power_until)(2.0))
    print(grad(power_until)(3.0))
    print(grad(power_until)(1.5))
    print(jvp(power_until, (2.0,), (1.0,)))
