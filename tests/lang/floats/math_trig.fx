# Pins: sin, cos, tan, tanh values.
# EXPECT: 0.479425538604203
# EXPECT: 0.8775825618903728
# EXPECT: 0.5463024898437905
# EXPECT: 0.46211715726000974
# EXPECT: 0.0
# EXPECT: 1.0
# EXPECT: -0.46211715726000974
def main():
    print(sin(0.5))
    print(cos(0.5))
    print(tan(0.5))
    print(tanh(0.5))
    print(sin(0.0))
    print(cos(0.0))
    print(tanh(-0.5))
