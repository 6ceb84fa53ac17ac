# Pins: x % y = x - y floor(x/y) (Python): d/dx = 1 and d/dy = -floor(x/y).
# spec-silent: §6 does not list mod's derivative; taken from the identity above, as JAX does.
# EXPECT: 1.0
# EXPECT: 1.0
# EXPECT: -3.0
# EXPECT: 4.0
# EXPECT: (1.0, -3.0)
def main():
    print(grad(lambda x: x % 2.0)(7.5))
    print(grad(lambda x: x % 2.0)(-7.5))
    print(grad(lambda y: 7.5 % y)(2.0))
    print(grad(lambda y: -7.5 % y)(2.0))
    print(grad(lambda x, y: x % y, argnums=(0, 1))(7.5, 2.0))
