# Pins: a while loop carrying three variables (lo, hi, count) and an if/else in its body:
# bisection for the fixed point of cos.
# EXPECT: 0.7390851332147577
# EXPECT: 40
def main():
    lo = 0.0
    hi = 1.0
    n = 0
    while hi - lo > 1e-12:
        mid = 0.5 * (lo + hi)
        if cos(mid) - mid > 0.0:
            lo = mid
        else:
            hi = mid
        n += 1
    print(lo)
    print(n)
