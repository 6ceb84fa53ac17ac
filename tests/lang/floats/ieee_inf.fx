# Pins: float division by zero gives inf as IEEE says (docs/ir.md), overflow gives inf,
# log(0) is -inf; inf prints as `inf` / `-inf` (§9).
# EXPECT: inf
# EXPECT: -inf
# EXPECT: inf
# EXPECT: 0.0
# EXPECT: inf
# EXPECT: -inf
# EXPECT: inf
# EXPECT: True
def main():
    inf = 1.0 / 0.0
    print(inf)
    print(-1.0 / 0.0)
    print(inf + 1.0)
    print(1.0 / inf)
    print(exp(1000.0))
    print(log(0.0))
    print(1e300 * 1e10)
    print(inf > 1e308)
