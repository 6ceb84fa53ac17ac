# Pins: rebinding a parameter inside a function does not affect the caller's variable.
# EXPECT: 20
# EXPECT: 10
def bump(x):
    x = x * 2
    return x

def main():
    x = 10
    print(bump(x))
    print(x)
