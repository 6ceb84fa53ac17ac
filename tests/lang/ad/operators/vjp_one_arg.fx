# Pins: vjp(f, x) = (f(x), pullback); pullback(ct) is a 1-tuple of cotangents, linear in ct,
# and can be called several times.
# EXPECT: 9.0
# EXPECT: (6.0,)
# EXPECT: (12.0,)
# EXPECT: (-3.0,)
def main():
    y, pullback = vjp(lambda x: x * x, 3.0)
    print(y)
    print(pullback(1.0))
    print(pullback(2.0))
    print(pullback(-0.5))
