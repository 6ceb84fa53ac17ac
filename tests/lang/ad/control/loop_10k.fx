# Pins: loops with 10^4 iterations: reverse mode must handle long tapes (O(n), no deep
# recursion). y = (1 + 1e-4 x)^10000 has y' = (1 + 1e-4 x)^9999.
# EXPECT: 10000.0
# EXPECT: compound at 0.5 ok
# EXPECT: compound jvp at 0.5 ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

def sum_10k(x):
    s = 0.0
    for i in range(10000):
        s = s + x
    return s

def compound(x):
    y = 1.0
    for i in range(10000):
        y = y * (1.0 + 1e-4 * x)
    return y

def main():
    print(grad(sum_10k)(3.0))
    check("compound at 0.5", grad(compound)(0.5), 1.648618231590143)
    check("compound jvp at 0.5", jvp(compound, (0.5,), (1.0,))[1], 1.648618231590143)
