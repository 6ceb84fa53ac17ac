# Pins: float(x) converts i64 to f64 (rounding to nearest beyond 2**53) and is the
# identity on f64.
# EXPECT: 3.0
# EXPECT: -7.0
# EXPECT: 2.5
# EXPECT: 1e+16
# EXPECT: 9007199254740992.0
def main():
    print(float(3))
    print(float(-7))
    print(float(2.5))
    print(float(10 ** 16))
    print(float(2 ** 53 + 1))
