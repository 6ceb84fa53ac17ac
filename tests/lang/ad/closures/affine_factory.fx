# Pins: gradient w.r.t. two captured variables at once (argnums tuple), through a lambda
# returned by a function.
# EXPECT: (3.0, 1.0)
# EXPECT: 2.0
def make_affine(a, b):
    return lambda x: a * x + b

def main():
    print(grad(lambda a, b: make_affine(a, b)(3.0), argnums=(0, 1))(2.0, 5.0))
    print(grad(lambda x: make_affine(2.0, 5.0)(x))(100.0))
