# Pins: `--opt=0` runs the program as type inference left it (no optimiser pass), with the same
# output (docs/opt.md; tests/opt/check_unoptimised.py runs the whole corpus so).
# RUN: run --opt=0 --time-passes
# EXPECT: 5.0
def add1(t):
    return t[0] + 1.0

def main():
    print(add1((4.0, 2.0)))
