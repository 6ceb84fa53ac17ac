# Pins: `**` with an f64 operand gives f64 (C pow), i64 ** f64 promotes.
# EXPECT: 1.4142135623730951
# EXPECT: 1.4142135623730951
# EXPECT: 0.5
# EXPECT: 16.0
# EXPECT: 0.5
# EXPECT: 3.0
# EXPECT: 8.0
def main():
    print(2.0 ** 0.5)
    print(2 ** 0.5)
    print(2.0 ** -1)
    print(4.0 ** 2)
    print(2 ** -1.0)
    print(9.0 ** 0.5)
    print(2.0 ** 3)
