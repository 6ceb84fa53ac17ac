# Pins: jvp of a two-argument function: the directional derivative sums both tangents.
# EXPECT: (6.0, 3.0)
# EXPECT: (6.0, 2.0)
# EXPECT: (6.0, 5.0)
# EXPECT: (6.0, 5.5)
def f(x, y):
    return x * y

def main():
    print(jvp(f, (2.0, 3.0), (1.0, 0.0)))
    print(jvp(f, (2.0, 3.0), (0.0, 1.0)))
    print(jvp(f, (2.0, 3.0), (1.0, 1.0)))
    print(jvp(f, (2.0, 3.0), (0.5, 2.0)))
