# Pins: a branch inside a loop whose condition depends on the loop-carried value.
# s halves when above 4, otherwise multiplies by x. At x = 3, s runs 3, 9, 4.5, 2.25, 6.75:
# s = x * x * 0.5 * 0.5 * x = x^3 / 4, derivative 3 x^2 / 4 = 6.75.
# EXPECT: 6.75
def f(x):
    s = 1.0
    for i in range(5):
        if s > 4.0:
            s = s * 0.5
        else:
            s = s * x
    return s

def main():
    print(grad(f)(3.0))
