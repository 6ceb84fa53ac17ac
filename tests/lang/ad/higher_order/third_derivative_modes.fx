# Pins: sin''' = -cos; with reverse mode at every level too.
# EXPECT: -1.0
# EXPECT: -1.0
# EXPECT: 0.0
def main():
    print(derivative(derivative(derivative(sin)))(0.0))
    print(grad(grad(grad(sin)))(0.0))
    print(grad(grad(grad(lambda x: x * x)))(5.0))
