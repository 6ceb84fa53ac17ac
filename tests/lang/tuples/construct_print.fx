# Pins: tuple construction and §9 tuple printing with mixed element types.
# EXPECT: (1.0, 2)
# EXPECT: (True, -3, 0.5)
# EXPECT: (1, 2, 3, 4, 5)
def main():
    print((1.0, 2))
    t = (True, -3, 0.5)
    print(t)
    print((1, 2, 3, 4, 5))
