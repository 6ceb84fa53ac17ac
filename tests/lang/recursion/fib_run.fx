# Pins: recursive fib at small arguments, printed in a loop.
# EXPECT: 0 1 1 2 3 5 8 13 21 34 55
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

def main():
    print(fib(0), fib(1), fib(2), fib(3), fib(4), fib(5), fib(6), fib(7), fib(8), fib(9), fib(10))
