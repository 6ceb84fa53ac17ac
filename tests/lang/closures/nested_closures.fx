# Pins: three levels of nested closures, each capturing the enclosing level's parameter.
# EXPECT: 123
# EXPECT: 321
def adder3(a):
    def level2(b):
        def level3(c):
            return 100 * a + 10 * b + c
        return level3
    return level2

def main():
    print(adder3(1)(2)(3))
    f = adder3(3)
    g = f(2)
    print(g(1))
