# Pins: reverse over forward: grad(lambda x: derivative(lambda y: x * y)(1.0))(3.0) = 1,
# since the inner derivative is x.
# EXPECT: 1.0
# EXPECT: 12.0
# EXPECT: 6.0
def cube(x):
    return x * x * x

def main():
    print(grad(lambda x: derivative(lambda y: x * y)(1.0))(3.0))
    print(grad(derivative(cube))(2.0))
    # d/dx [x * d/dy (x y^2) at y = 1] = d/dx (2 x^2) = 4x at 1.5
    print(grad(lambda x: x * derivative(lambda y: x * y * y)(1.0))(1.5))
