# Pins: `%=`-free digit loop with `//=` and `+=` on i64.
# EXPECT: 45
# EXPECT: 0
# EXPECT: 1
def digit_sum(n):
    s = 0
    while n > 0:
        s += n % 10
        n //= 10
    return s

def main():
    print(digit_sum(987654321))
    print(digit_sum(0))
    print(digit_sum(1000))
