# Pins: sqrt values, exact where the result is representable.
# EXPECT: 1.4142135623730951
# EXPECT: 0.5
# EXPECT: 1e-05
# EXPECT: 3.0
# EXPECT: 0.0
def main():
    print(sqrt(2.0))
    print(sqrt(0.25))
    print(sqrt(1e-10))
    print(sqrt(9.0))
    print(sqrt(0.0))
