# Pins: top-level constants of type i64 and f64 used inside functions.
# EXPECT: 10
# EXPECT: 25.0
N = 10
SCALE = 2.5

def scaled():
    return SCALE * N

def main():
    print(N)
    print(scaled())
