# Pins: `--print-after-all` prints the typed program to stderr after every optimiser pass that
# changed it, naming the pass and the round (docs/opt.md); the program's output is unchanged.
# RUN: run --print-after-all
# EXPECT: 5.0
# STDERR: # after inline (round 1)
# STDERR: # after project (round 1)
# STDERR-RE: graph @main\[\]\.\d+\(\)
def add1(t):
    return t[0] + 1.0

def main():
    print(add1((4.0, 2.0)))
