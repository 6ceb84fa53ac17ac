# Pins: floor and ceil are piecewise constant (zero derivative); x * floor(x) has derivative
# floor(x) away from the integers.
# EXPECT: True
# EXPECT: True
# EXPECT: 2.0
# EXPECT: 3.0
def main():
    print(grad(floor)(2.5) == 0.0)
    print(grad(ceil)(2.5) == 0.0)
    print(grad(lambda x: x * floor(x))(2.5))
    print(grad(lambda x: x * ceil(x))(2.5))
