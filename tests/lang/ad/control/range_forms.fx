# Pins: for over range(a, b) and range(a, b, step) with a float factor from the index:
# s = sum over i of x * i: range(2, 6) gives 14 x, range(1, 10, 3) gives 12 x.
# EXPECT: 14.0
# EXPECT: 12.0
def f(x):
    s = 0.0
    for i in range(2, 6):
        s += x * float(i)
    return s

def g(x):
    s = 0.0
    for i in range(1, 10, 3):
        s = s + i * x
    return s

def main():
    print(grad(f)(1.0))
    print(grad(g)(1.0))
