# Pins: augmented assignments rebind and are differentiated like the expanded form:
# ((x + x) * x - 1) / 2 = x^2 - 1/2.
# EXPECT: 6.0
# EXPECT: 6.0
def f(x):
    s = x
    s += x
    s *= x
    s -= 1.0
    s /= 2.0
    return s

def main():
    print(grad(f)(3.0))
    print(derivative(f)(3.0))
