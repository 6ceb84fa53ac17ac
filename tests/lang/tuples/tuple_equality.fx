# Pins: == and != on tuples compare element by element (structural).
# EXPECT: True
# EXPECT: False
# EXPECT: True
def main():
    print((1, 2.0) == (1, 2.0))
    print((1, 2.0) == (1, 2.5))
    print(((1, 2), True) != ((1, 3), True))
