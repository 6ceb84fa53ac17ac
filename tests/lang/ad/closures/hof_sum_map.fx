# Pins: a lambda capturing the differentiated variable passed to a loop in a higher-order
# function: sum over i < 4 of w i^2 = 14 w.
# EXPECT: 14.0
# EXPECT: 14.0
def sum_map(f, n):
    s = 0.0
    for i in range(n):
        s += f(float(i))
    return s

def main():
    print(grad(lambda w: sum_map(lambda t: w * t * t, 4))(1.0))
    print(jvp(lambda w: sum_map(lambda t: w * t * t, 4), (1.0,), (1.0,))[1])
