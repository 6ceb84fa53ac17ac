# Pins: jacfwd/jacrev of f: (f64, f64) -> f64 with argnums=(0, 1) is a tuple of f64.
# EXPECT: (12.0, 4.0)
# EXPECT: (12.0, 4.0)
# EXPECT: (4.0, 12.0)
def f(x, y):
    return x * x * y

def main():
    print(jacfwd(f, argnums=(0, 1))(2.0, 3.0))
    print(jacrev(f, argnums=(0, 1))(2.0, 3.0))
    print(jacrev(f, argnums=(1, 0))(2.0, 3.0))
