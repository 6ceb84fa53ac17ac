# Pins: top-level functions are visible in the whole file: main calls a function defined
# after it, and two top-level functions call each other regardless of order.
# EXPECT: 9
def main():
    print(later(4))

def later(x):
    return helper(x) + 1

def helper(x):
    return x * 2
