# Pins: d(-x) = -1, in reverse and forward mode.
# EXPECT: -1.0
# EXPECT: -6.0
# EXPECT: -1.0
def main():
    print(grad(lambda x: -x)(3.0))
    print(grad(lambda x: -(x * x))(3.0))
    print(derivative(lambda x: -x)(1.0))
