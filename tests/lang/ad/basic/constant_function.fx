# Pins: a function that does not depend on its argument has gradient 0.0 (the symbolic zero
# is materialised as a plain positive zero).
# EXPECT: 0.0
# EXPECT: 0.0
# EXPECT: (4.0, 0.0)
# EXPECT: (5.0, 0.0)
def main():
    print(grad(lambda x: 5.0)(1.0))
    print(grad(lambda x, y: x * 2.0, argnums=1)(1.0, 2.0))
    print(grad(lambda x, y: x * 4.0, argnums=(0, 1))(1.0, 2.0))
    print(jvp(lambda x: 5.0, (1.0,), (1.0,)))
