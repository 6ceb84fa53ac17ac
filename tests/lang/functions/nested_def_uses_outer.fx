# Pins: a nested def reads parameters and locals of the enclosing function.
# EXPECT: 17.0
# EXPECT: 11.0
def affine_sum(a, b, n):
    offset = b * 2.0
    def f(x):
        return a * x + offset
    total = 0.0
    for i in range(n):
        total += f(1.0 * i)
    return total

def main():
    print(affine_sum(1.5, 1.0, 4))
    print(affine_sum(0.0, 5.5, 1))
