# Pins: an if/elif/else chain picks one piece; each piece's derivative is taken.
# EXPECT: 3.0
# EXPECT: 0.75
# EXPECT: 2.0
# EXPECT: 108.0
# EXPECT: 12.0
def piecewise(x):
    if x < 0.0:
        return -x * x
    elif x < 1.0:
        return x * x * x
    elif x < 2.0:
        return 2.0 * x
    else:
        return x * x * x * x

def accumulate(x):
    s = 0.0
    for i in range(4):
        if i == 0:
            s += x
        elif i == 1:
            s += x * x
        elif i == 2:
            s += 0.0 * x
        else:
            s += 3.0 * x
    return s

def main():
    print(grad(piecewise)(-1.5))
    print(grad(piecewise)(0.5))
    print(grad(piecewise)(1.5))
    print(grad(piecewise)(3.0))
    # 1 + 2x + 0 + 3 at x = 4
    print(grad(accumulate)(4.0))
