# Pins: d maximum(a, b): the cotangent goes to the larger argument.
# EXPECT: 1.0
# EXPECT: True
# EXPECT: (1.0, 0.0)
# EXPECT: (0.0, 1.0)
# EXPECT: 6.0
def main():
    print(grad(lambda x: maximum(x, 2.0))(3.0))
    print(grad(lambda x: maximum(x, 2.0))(1.0) == 0.0)
    print(grad(lambda x, y: maximum(x, y), argnums=(0, 1))(3.0, 1.0))
    print(grad(lambda x, y: max(x, y), argnums=(0, 1))(-1.0, 1.0))
    print(grad(lambda x: maximum(x * x, 1.0))(3.0))
