# Pins: third derivative through recursion: power(x, 5)''' = 60 x^2 = 60 at 1.
# EXPECT: 60.0
# EXPECT: 60.0
def power(x, n):
    return 1.0 if n == 0 else x * power(x, n - 1)

def main():
    print(grad(grad(grad(lambda x: power(x, 5))))(1.0))
    print(derivative(grad(derivative(lambda x: power(x, 5))))(1.0))
