# Pins: i64 ** wraps modulo 2**64 like the other i64 operations (docs/ir.md), as NumPy's
# int64 power does.
# EXPECT: -9223372036854775808
# EXPECT: 0
# EXPECT: -6289078614652622815
def main():
    print(2 ** 63)
    print(2 ** 64)
    print(3 ** 40)
