# Pins: a lambda chosen by a conditional expression and read by another lambda of the same
# function keeps the value it captured, called inside the function, returned from it, and
# made again in every iteration of a loop. (Its frames form a reference cycle with the
# function's frame; under `make test-asan` a leak of them fails this test.)
# EXPECT: 8.0
# EXPECT: -4.0
# EXPECT: 6.0
# EXPECT: 12.0
def h(n: f64) -> f64:
    f = (lambda x: x + n) if n > 0.0 else (lambda x: x - n)
    g = lambda x: f(x) * 2.0
    return g(1.0)

def make(n: f64):
    f = (lambda x: x + n) if n > 0.0 else (lambda x: x - n)
    g = lambda x: f(x) * 2.0
    return g

def main():
    print(h(3.0))
    print(h(-3.0) - 12.0)
    print(make(1.0)(2.0))
    s = 0.0
    i = 0
    while i < 3:
        s = s + h(float(i))
        i += 1
    print(s)
