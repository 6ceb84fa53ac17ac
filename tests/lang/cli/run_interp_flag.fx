# Pins: `fluxion run FILE --interp` (§10) runs main() with the reference interpreter.
# RUN: args run {file} --interp
# EXPECT: 75025
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

def main():
    print(fib(25))
