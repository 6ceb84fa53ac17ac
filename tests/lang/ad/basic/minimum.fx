# Pins: d minimum(a, b): the cotangent goes to the smaller argument; ties split 0.5 / 0.5.
# EXPECT: 1.0
# EXPECT: True
# EXPECT: (0.0, 1.0)
# EXPECT: (1.0, 0.0)
# EXPECT: 0.5
# EXPECT: (0.5, 0.5)
# EXPECT: 1.0
def main():
    print(grad(lambda x: minimum(x, 2.0))(1.0))
    print(grad(lambda x: minimum(x, 2.0))(3.0) == 0.0)
    print(grad(lambda x, y: minimum(x, y), argnums=(0, 1))(3.0, 1.0))
    print(grad(lambda x, y: min(x, y), argnums=(0, 1))(-1.0, 1.0))
    print(grad(lambda x: min(x, 2.0))(2.0))
    print(grad(lambda x, y: minimum(x, y), argnums=(0, 1))(4.0, 4.0))
    print(grad(lambda x: minimum(x, x))(3.0))
