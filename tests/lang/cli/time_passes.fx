# Pins: `--time-passes` prints one line per optimiser pass (milliseconds, rounds that changed
# the program) and the total to stderr, in pipeline order (docs/opt.md).
# RUN: run --time-passes
# EXPECT: 5.0
# STDERR-RE: ^# known-calls +[0-9]+\.[0-9]{3}  [0-9]+$
# STDERR-RE: ^# inline +[0-9]+\.[0-9]{3}  1$
# STDERR-RE: ^# dce +[0-9]+\.[0-9]{3}  [0-9]+$
# STDERR-RE: ^# total +[0-9]+\.[0-9]{3}$
def add1(t):
    return t[0] + 1.0

def main():
    print(add1((4.0, 2.0)))
