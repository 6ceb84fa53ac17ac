# Pins: integers carry no derivative: int(x) is a constant, an i64 factor promotes to f64,
# float() of an f64 is the identity.
# EXPECT: 2.0
# EXPECT: True
# EXPECT: 2.0
# EXPECT: 3.0
# EXPECT: 3.0
def main():
    print(grad(lambda x: x * int(x))(2.5))
    print(grad(lambda x: float(int(x)))(2.5) == 0.0)
    print(grad(lambda x: float(x) * 2.0)(1.5))
    print(grad(lambda x: 3 * x + 1)(2.0))
    print(grad(lambda x: x * float(3))(1.0))
