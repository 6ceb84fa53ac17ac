# Pins: tail recursion with %.
# EXPECT: 6
# EXPECT: 1
def gcd(a, b):
    return a if b == 0 else gcd(b, a % b)

def main():
    print(gcd(48, 18))
    print(gcd(35, 64))
