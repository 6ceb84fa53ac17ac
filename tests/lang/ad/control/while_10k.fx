# Pins: a while loop with 10^4 iterations and a data-dependent exit (y grows by x/2 each
# step until it reaches 5000): the gradient is 10^4 * 0.5 = 5000 wherever 10^4 steps run.
# EXPECT: 5000.0
# EXPECT: 10000
def steps(x):
    y = 0.0
    n = 0
    while y < 5000.0 and n < 20000:
        y = y + x * 0.5
        n += 1
    return y

def count(x):
    y = 0.0
    n = 0
    while y < 5000.0 and n < 20000:
        y = y + x * 0.5
        n += 1
    return n

def main():
    print(grad(steps)(1.0))
    print(count(1.0))
