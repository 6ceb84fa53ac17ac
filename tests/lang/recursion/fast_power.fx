# Pins: recursion by halving (exponentiation by squaring), generic over f64 and i64 bases.
# EXPECT: 1594323.0
# EXPECT: 4611686018427387904
# EXPECT: 1
def power(x, n):
    if n == 0:
        return x ** 0
    half = power(x, n // 2)
    if n % 2 == 0:
        return half * half
    return half * half * x

def main():
    print(power(3.0, 13))
    print(power(2, 62))
    print(power(7, 0))
