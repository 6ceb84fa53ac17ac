# Pins: `fluxion check` of a correct program exits 0 with no output and does not run it
# (main would fail its assert at run time).
# RUN: check
# (No EXPECT lines: stdout must be empty.)
def fact(n):
    return 1.0 if n <= 1 else n * fact(n - 1)

def main():
    print(fact(5))
    assert False, "check must not run the program"
