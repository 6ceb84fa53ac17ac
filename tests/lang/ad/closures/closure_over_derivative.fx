# Pins: closures that capture a derivative function and a scalar, made by a factory; the
# gradient w.r.t. the captured scalar flows through the derived function.
# make(k) = grad(x -> k x^2) = x -> 2 k x; make(k)(3) = 6k, so d/dk = 6.
# EXPECT: 6.0
# EXPECT: 12.0
def make(k):
    return grad(lambda x: k * x * x)

def main():
    print(grad(lambda k: make(k)(3.0))(2.0))
    # make(k)(x) * k = 2 k^2 x: d/dk = 4 k x = 12 at k = 1, x = 3
    print(grad(lambda k: make(k)(3.0) * k)(1.0))
