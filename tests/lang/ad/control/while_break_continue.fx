# Pins: a while loop with both `continue` and `break`: every third step is skipped, and the
# loop stops once y exceeds 1000. At x = 2: steps n = 1, 2, 4, 5, 7, 8, 10, 11, 13, 14 multiply,
# y = x^10 = 1024 > 1000 stops it; y' = 10 x^9 = 5120.
# EXPECT: 5120.0
# EXPECT: 5120.0
def f(x):
    y = 1.0
    n = 0
    while n < 100:
        n += 1
        if n % 3 == 0:
            continue
        y = y * x
        if y > 1000.0:
            break
    return y

def main():
    print(grad(f)(2.0))
    print(derivative(f)(2.0))
