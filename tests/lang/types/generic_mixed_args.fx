# Pins: a two-parameter generic function at every i64/f64 combination.
# EXPECT: 3
# EXPECT: 3.5
# EXPECT: 3.5
# EXPECT: 4.0
def add(a, b):
    return a + b

def main():
    print(add(1, 2))
    print(add(1, 2.5))
    print(add(1.5, 2))
    print(add(1.5, 2.5))
