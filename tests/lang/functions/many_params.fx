# Pins: a function with six parameters of mixed types.
# EXPECT: 20.5
def weighted(a, b, c, d, e, w):
    return (a + b + c + d + e) * w + 0.5

def main():
    print(weighted(1, 2, 3, 4, 0, 2.1 - 0.1))
