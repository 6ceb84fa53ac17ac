# Pins: defining and calling top-level functions with several parameters.
# EXPECT: 7
# EXPECT: 2.5
# EXPECT: 14
def add(a, b):
    return a + b

def mul3(a, b, c):
    return a * b * c

def main():
    print(add(3, 4))
    print(add(1.0, 1.5))
    print(add(mul3(1, 2, 3), 8))
