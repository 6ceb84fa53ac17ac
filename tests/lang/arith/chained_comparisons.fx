# Pins: chained comparisons mean a < b and b < c, as Python.
# EXPECT: True
# EXPECT: False
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: False
def main():
    print(1 < 2 < 3)
    print(1 < 3 < 2)
    print(3 > 2 > 1)
    print(1 < 2 > 1)
    print(1 == 1 < 2)
    x = 5
    print(0 <= x < 10)
    print(0 <= x < 5)
