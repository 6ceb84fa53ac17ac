# Pins: lambdas with one and several parameters, stored in variables and called.
# EXPECT: 49
# EXPECT: 2.5
# EXPECT: 10
def main():
    sq = lambda x: x * x
    avg = lambda a, b: (a + b) / 2
    mad = lambda a, b, c: a * b + c
    print(sq(7))
    print(avg(2, 3))
    print(mad(2, 3, 4))
