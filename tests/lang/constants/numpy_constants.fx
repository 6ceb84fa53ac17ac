# Pins: pi, e, inf and nan are the constants of NumPy's namespace (np.pi, np.e, np.inf, np.nan);
# like builtins, a parameter, local or top-level definition of the same name shadows them.
# EXPECT: 3.141592653589793 2.718281828459045 inf -inf nan
# EXPECT: True False 1.0
# EXPECT: 7 2.5 0.0
# EXPECT: 12.566370614359172
def area(r):
    return pi * r * r

def shadow(e):
    return e

def count():
    total = 0
    for e in range(3):
        total += e + 1
    return total

def main():
    print(pi, e, inf, -inf, nan)
    print(inf > 1e308, nan == nan, cos(2.0 * pi))
    print(count() + 1, shadow(2.5), sin(pi) * 0.0)
    print(area(2.0))
