# Pins: Euclid's algorithm: a while loop with a data-dependent trip count and `%`.
# EXPECT: 6
# EXPECT: 1
# EXPECT: 12
def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a

def main():
    print(gcd(48, 18))
    print(gcd(17, 5))
    print(gcd(12, 0))
