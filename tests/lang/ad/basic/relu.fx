# Pins: relu'(x) = 1 for x > 0 and 0 for x < 0.
# EXPECT: 1.0
# EXPECT: True
# EXPECT: 6.0
def main():
    print(grad(relu)(2.0))
    print(grad(relu)(-2.0) == 0.0)
    print(grad(lambda x: relu(3.0 * x) * 2.0)(1.0))
