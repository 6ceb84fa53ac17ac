# Pins: satisfied parameter and result annotations of every scalar type (§2).
# EXPECT: 3.5
# EXPECT: 6
# EXPECT: False
def scale(x: f64, k: i64) -> f64:
    return x * k

def twice(n: i64) -> i64:
    return 2 * n

def negate(b: bool) -> bool:
    return not b

def main():
    print(scale(1.75, 2))
    print(twice(3))
    print(negate(True))
