# Pins: a trailing comma is allowed in call arguments, parameter lists and tuples of two or
# more elements.
# spec-silent: Python allows trailing commas.
# EXPECT: 3
# EXPECT: (1, 2)
def add(a, b,):
    return a + b

def main():
    print(add(1, 2,))
    print((1, 2,))
