# Pins: assert statements whose condition holds do nothing, with or without a message.
# EXPECT: passed
def main():
    x = 3
    assert x > 0, "x must be positive"
    assert x == 3
    assert 0.5 < 1.0 and not (x < 0), "compound condition"
    print("passed")
