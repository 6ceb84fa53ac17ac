# Pins: `continue` skips the rest of an iteration: s = x + x^3 + x^5, s' = 1 + 3x^2 + 5x^4.
# EXPECT: 93.0
# EXPECT: 9.0
def odd_powers(x):
    s = 0.0
    for i in range(6):
        if i % 2 == 0:
            continue
        s += x ** i
    return s

def main():
    print(grad(odd_powers)(2.0))
    print(jvp(odd_powers, (1.0,), (1.0,))[1])
