# Pins: a closure capturing a local computed from the differentiated variable, created
# inside the function: y = x^2 captured; c(t) = y t; c(3) = 3 x^2, derivative 6x.
# Closures capture values at creation (LANGUAGE.md §3): rebinding y later does not matter.
# fxref-skip: Python closures bind late, so tests/property/fxref.py cannot check this file
# (its two results were derived by hand above).
# EXPECT: 12.0
# EXPECT: 6.0
def f(x):
    y = x * x
    c = lambda t: y * t
    y = 100.0
    return c(3.0)

def g(x):
    total = 0.0
    for i in range(3):
        k = x * float(i)
        total += (lambda t: k * t)(2.0)
    return total

def main():
    print(grad(f)(2.0))
    # sum over i of (i x) * 2 = 6x
    print(grad(g)(5.0))
