# Pins: a generic higher-order function specialised for different functions and types.
# EXPECT: 9
# EXPECT: 0.25
# EXPECT: True
def apply(f, x):
    return f(x)

def main():
    print(apply(lambda v: v * v, 3))
    print(apply(lambda v: v * v, 0.5))
    print(apply(lambda v: not v, False))
