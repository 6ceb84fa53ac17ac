# Pins: native code stops deep recursion before its stack runs out, with a located run-time
# error (not a crash), when --max-depth allows more calls than the stack holds. The
# interpreter reports the same with its own count of calls, so this is not compared.
# NATIVE-ONLY: the number of calls that fit in the stack differs between the engines
# RUN: run --native --max-depth 10000000
# EXIT: 2
# STDERR-RE: {file}:10:10: error: recursion too deep: the stack ran out after \d+ nested calls \(the call depth limit is 10000000\)
def f(n, t):
    a, b, c, d, e, g, h, i, j, k = t
    s = f(n + 1, (b, c, d, e, g, h, i, j, k, a + 1.0))
    return s + a * b + c * d + e * g + h * i + j * k

def main():
    print(f(0, (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0)))
