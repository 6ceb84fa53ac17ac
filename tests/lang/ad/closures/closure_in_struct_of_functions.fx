# Pins: closures stored in a tuple and selected by index inside the differentiated function.
# EXPECT: 7.0
# EXPECT: 14.0
def pick_and_apply(x, i):
    a = 2.0 * x
    fs = (lambda t: a * t, lambda t: a * a * t)
    if i == 0:
        return fs[0](3.5)
    return fs[1](0.875)

def main():
    # 2x * 3.5 = 7x
    print(grad(pick_and_apply)(1.0, 0))
    # 4x^2 * 0.875 = 3.5 x^2: derivative 7x at 2
    print(grad(pick_and_apply)(2.0, 1))
