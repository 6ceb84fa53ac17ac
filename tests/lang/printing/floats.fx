# Pins: the §9 float examples exactly: `1.0`, `0.1`, `2.5e-10`, `inf`, `nan`, plus the
# positional/scientific switch points of Python's repr.
# EXPECT: 1.0
# EXPECT: 0.1
# EXPECT: 2.5e-10
# EXPECT: inf
# EXPECT: nan
# EXPECT: 1e-05
# EXPECT: 0.0001
# EXPECT: 1e+16
# EXPECT: 9999999999999998.0
# EXPECT: -inf
def main():
    print(1.0)
    print(0.1)
    print(2.5e-10)
    print(1.0 / 0.0)
    print(0.0 / 0.0)
    print(0.00001)
    print(0.0001)
    print(10000000000000000.0)
    print(9999999999999998.0)
    print(-1.0 / 0.0)
