# Pins: differentiating through vjp and its pullback: the pullback of y^3 at x applied to 1
# is 3x^2, whose derivative is 6x.
# EXPECT: 12.0
# EXPECT: 12.0
def pulled(x):
    y, pullback = vjp(lambda y: y * y * y, x)
    return pullback(1.0)[0]

def main():
    print(grad(pulled)(2.0))
    print(derivative(pulled)(2.0))
