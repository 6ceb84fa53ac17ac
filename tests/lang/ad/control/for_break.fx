# Pins: `break` inside a for loop: the derivative follows the iterations that ran.
# At x = 3 the product passes 100 after 5 factors (x^5); at x = 1.1 it never does (x^10).
# EXPECT: 405.0
# EXPECT: x = 1.1 ok
# EXPECT: 405.0
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def product_until(x):
    s = 1.0
    for i in range(10):
        s = s * x
        if s > 100.0:
            break
    return s

def main():
    print(grad(product_until)(3.0))
    check("x = 1.1", grad(product_until)(1.1), 23.579476910000018)
    print(derivative(product_until)(3.0))
