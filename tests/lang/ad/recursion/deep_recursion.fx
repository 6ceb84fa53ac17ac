# Pins: recursion 200 deep: the reverse pass is a chain of 200 pullbacks.
# EXPECT: 100.0
# EXPECT: 100.0
def sum_rec(x, n):
    if n == 0:
        return 0.0
    return 0.5 * x + sum_rec(x, n - 1)

def main():
    print(grad(lambda x: sum_rec(x, 200))(3.0))
    print(derivative(lambda x: sum_rec(x, 200))(3.0))
