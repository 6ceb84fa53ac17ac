# Pins: §9 float format, scientific range (exponent < -4 or >= 16), as Python's repr:
# at least two exponent digits with a sign.
# EXPECT: 2.5e-10
# EXPECT: 1e-05
# EXPECT: 1e+16
# EXPECT: 1.2345e+20
# EXPECT: 1.234e-05
# EXPECT: 1e+308
# EXPECT: 5e-324
# EXPECT: -3e-07
def main():
    print(2.5e-10)
    print(1e-5)
    print(1e16)
    print(1.2345e20)
    print(0.00001234)
    print(1e308)
    print(5e-324)
    print(-3e-7)
