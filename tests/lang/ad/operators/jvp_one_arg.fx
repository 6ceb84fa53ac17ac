# Pins: jvp(f, primals, tangents) = (f(*primals), J . tangents); the tangent scales linearly.
# EXPECT: (9.0, 6.0)
# EXPECT: (9.0, 12.0)
# EXPECT: (9.0, 0.0)
# EXPECT: 9.0 -3.0
def main():
    print(jvp(lambda x: x * x, (3.0,), (1.0,)))
    print(jvp(lambda x: x * x, (3.0,), (2.0,)))
    print(jvp(lambda x: x * x, (3.0,), (0.0,)))
    y, dy = jvp(lambda x: x * x, (3.0,), (-0.5,))
    print(y, dy)
