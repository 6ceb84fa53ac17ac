# Pins: sign, abs and relu of an f64 are f64: sign(-2.5) is -1.0, not -1.
# EXPECT: -1.0
# EXPECT: 0.0
# EXPECT: 1.0
# EXPECT: 2.5
# EXPECT: 0.0
# EXPECT: 2.5
# EXPECT: 0.0
def main():
    print(sign(-2.5))
    print(sign(0.0))
    print(sign(3.5))
    print(abs(-2.5))
    print(relu(-1.5))
    print(relu(2.5))
    print(relu(0.0))
