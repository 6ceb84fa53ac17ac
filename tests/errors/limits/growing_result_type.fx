# Pins: a recursive function whose result type grows without end ((f(n - 1),) nests one
# tuple deeper per round) is a compile error at the def after 16 fixpoint rounds
# (src/types/limits.hpp), not a hang.
# EXIT: 1
# STDERR: {file}:7:1: error:
# STDERR-RE: error: cannot infer the type of recursive function 'f': its result type keeps changing
def f(n):
    return (f(n - 1),)

def main():
    print(f(1))
