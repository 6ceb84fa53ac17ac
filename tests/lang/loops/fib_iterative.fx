# Pins: tuple assignment of two loop-carried variables (`a, b = b, a + b`) in a loop.
# EXPECT: 0
# EXPECT: 55
# EXPECT: 12586269025
def fib(n):
    a, b = 0, 1
    for i in range(n):
        a, b = b, a + b
    return a

def main():
    print(fib(0))
    print(fib(10))
    print(fib(50))
