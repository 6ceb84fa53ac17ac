# Pins: sign is piecewise constant: its derivative is zero everywhere; x * sign(x) = |x|.
# EXPECT: True
# EXPECT: True
# EXPECT: -1.0
# EXPECT: 1.0
def main():
    print(grad(sign)(2.0) == 0.0)
    print(grad(sign)(-0.5) == 0.0)
    print(grad(lambda x: x * sign(x))(-3.0))
    print(grad(lambda x: x * sign(x))(3.0))
