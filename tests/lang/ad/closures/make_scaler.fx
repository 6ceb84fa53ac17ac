# Pins: gradient w.r.t. a closure's captured variable: make_scaler(k)(3) = 3k, so
# d/dk = 3; and w.r.t. the closure's argument: d/dx 2x = 2.
# EXPECT: 3.0
# EXPECT: 2.0
# EXPECT: 3.0
def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def main():
    print(grad(lambda k: make_scaler(k)(3.0))(2.0))
    print(grad(lambda x: make_scaler(2.0)(x))(5.0))
    print(derivative(lambda k: make_scaler(k)(3.0))(2.0))
