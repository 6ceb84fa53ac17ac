# Pins: a lambda returning a lambda (currying).
# EXPECT: 7
# EXPECT: 12
def main():
    add = lambda a: lambda b: a + b
    add5 = add(5)
    print(add5(2))
    print(add(4)(8))
