# Pins: a lambda called where it is written, and a lambda body that is a conditional.
# EXPECT: 3
# EXPECT: 5
# EXPECT: 5
def main():
    print((lambda x: x + 1)(2))
    print((lambda a, b: a if a > b else b)(5, 3))
    print((lambda a, b: a if a > b else b)(2, 5))
