# Pins: perturbation confusion, Lantern §2.4 / dF~ Example 4: d/dx (x * d/dy (x + y)) = 1 at
# every point (a confused implementation gives 2), in every combination of modes.
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: 1.0
def main():
    print(grad(lambda x: x * grad(lambda y: x + y)(1.0))(1.0))
    print(derivative(lambda x: x * derivative(lambda y: x + y)(1.0))(1.0))
    print(grad(lambda x: x * derivative(lambda y: x + y)(1.0))(1.0))
    print(derivative(lambda x: x * grad(lambda y: x + y)(1.0))(1.0))
    # dF~ writes the inner derivative at y = x: still 1.
    print(derivative(lambda x: x * derivative(lambda y: x + y)(x))(2.0))
