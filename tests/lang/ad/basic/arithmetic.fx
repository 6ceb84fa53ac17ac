# Pins: + - * with constants and with two arguments.
# EXPECT: 3.0
# EXPECT: 1.0
# EXPECT: -1.0
# EXPECT: 12.0
# EXPECT: 2.0
# EXPECT: (5.0, 1.0)
def main():
    print(grad(lambda x: 3.0 * x + 2.0)(1.0))
    print(grad(lambda x: x - 5.0)(1.0))
    print(grad(lambda x: 5.0 - x)(1.0))
    print(grad(lambda x: x * x * x)(2.0))
    print(grad(lambda x: x + x)(7.0))
    print(grad(lambda x, y: x * y - y, argnums=(0, 1))(2.0, 5.0))
