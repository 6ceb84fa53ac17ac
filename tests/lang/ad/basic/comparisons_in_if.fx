# Pins: comparisons in `if` pick the branch whose derivative is taken; at a boundary the
# comparison's own result decides (>= includes it).
# EXPECT: 4.0
# EXPECT: -3.0
# EXPECT: 2.0
# EXPECT: 3.0
# EXPECT: 12.0
# EXPECT: 5.0
# EXPECT: 1.0
def f(x):
    if x > 1.0:
        return x * x
    else:
        return -3.0 * x

def g(x):
    if x >= 1.0:
        return x * x
    return 3.0 * x

def h(x):
    if x == 2.0:
        return x * x * x
    elif x != 3.0:
        return x
    else:
        return 5.0 * x

def main():
    print(grad(f)(2.0))
    print(grad(f)(0.5))
    print(grad(g)(1.0))
    print(grad(g)(0.999))
    print(grad(h)(2.0))
    print(grad(h)(3.0))
    print(grad(h)(4.0))
