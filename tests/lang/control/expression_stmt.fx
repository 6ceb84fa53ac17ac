# Pins: expression statements are evaluated for their effects; their values are discarded
# and print nothing.
# EXPECT: side effect
# EXPECT: end
def effect():
    print("side effect")
    return 42

def main():
    1 + 2
    effect()
    sqrt(4.0)
    print("end")
