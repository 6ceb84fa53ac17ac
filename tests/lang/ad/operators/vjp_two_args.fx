# Pins: vjp with two primals: the pullback returns one cotangent per primal.
# EXPECT: 6.0
# EXPECT: (3.0, 2.0)
# EXPECT: (30.0, 20.0)
# EXPECT: 3.0 2.0
def main():
    y, pullback = vjp(lambda x, y: x * y, 2.0, 3.0)
    print(y)
    print(pullback(1.0))
    print(pullback(10.0))
    cx, cy = pullback(1.0)
    print(cx, cy)
