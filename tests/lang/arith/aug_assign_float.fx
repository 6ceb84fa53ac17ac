# Pins: augmented assignment with every arithmetic operator (incl. /=) on an f64 variable.
# EXPECT: 2.5
# EXPECT: 2.0
# EXPECT: 6.0
# EXPECT: 1.5
# EXPECT: 2.25
# EXPECT: 4.0
# EXPECT: 1.0
def main():
    y = 1.5
    y += 1.0
    print(y)
    y -= 0.5
    print(y)
    y *= 3.0
    print(y)
    y /= 4.0
    print(y)
    y **= 2.0
    print(y)
    y //= 0.5
    print(y)
    y %= 3.0
    print(y)
