# Pins: a recursive nested def that captures the differentiated variable: go(4) = x^4.
# EXPECT: 32.0
# EXPECT: 32.0
def outer(x):
    def go(n):
        return 1.0 if n == 0 else x * go(n - 1)
    return go(4)

def main():
    print(grad(outer)(2.0))
    print(derivative(outer)(2.0))
