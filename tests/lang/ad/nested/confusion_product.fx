# Pins: the Siskind-Pearlmutter product form: d/dx (x * d/dy (x y) at y = x) = d/dx x^2 = 2x
# (a confused implementation that also perturbs x in the inner derivative gets 4x).
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: 6.0
# EXPECT: 6.0
def main():
    print(grad(lambda x: x * grad(lambda y: x * y)(x))(3.0))
    print(derivative(lambda x: x * derivative(lambda y: x * y)(x))(3.0))
    print(grad(lambda x: x * derivative(lambda y: x * y)(x))(3.0))
    print(derivative(lambda x: x * grad(lambda y: x * y)(2.0))(3.0))
