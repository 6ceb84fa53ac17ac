# Pins: tuple type annotations `(f64, i64)` on a parameter and a result.
# EXPECT: (3, 1.5)
def flip(p: (f64, i64)) -> (i64, f64):
    return (p[1], p[0])

def main():
    print(flip((1.5, 3)))
