# Pins: `fluxion eval prog.fx "fib(25)"` prints 75025 (direct double recursion on i64).
# RUN: eval fib(25)
# EXPECT: 75025
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
