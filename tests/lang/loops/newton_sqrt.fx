# Pins: the newton_sqrt example of LANGUAGE.md §4: data-dependent trip count.
# EXPECT: 1.414213562373095
# EXPECT: 3.0
# EXPECT: 3.162277660168379
# EXPECT: 0.5000000000000006
def newton_sqrt(a):
    x = a
    while abs(x * x - a) > 1e-12:
        x = 0.5 * (x + a / x)
    return x

def main():
    print(newton_sqrt(2.0))
    print(newton_sqrt(9.0))
    print(newton_sqrt(10.0))
    print(newton_sqrt(0.25))
