# Pins: nan arises from 0/0, inf - inf and sqrt(-1), prints as `nan` (never `-nan`),
# and compares unequal to everything, itself included.
# EXPECT: nan
# EXPECT: nan
# EXPECT: nan
# EXPECT: False
# EXPECT: True
# EXPECT: False
# EXPECT: False
def main():
    nan = 0.0 / 0.0
    print(nan)
    inf = 1.0 / 0.0
    print(inf - inf)
    print(sqrt(-1.0))
    print(nan == nan)
    print(nan != nan)
    print(nan < 1.0)
    print(nan >= 1.0)
