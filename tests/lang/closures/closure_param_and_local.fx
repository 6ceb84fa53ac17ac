# Pins: a closure over both a parameter and a local of its enclosing function.
# EXPECT: 23
def outer(a):
    b = a * 10
    def inner(c):
        return a + b + c
    return inner

def main():
    print(outer(2)(1))
