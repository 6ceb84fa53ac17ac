# Pins: a top-level constant defined from other constants and a function call.
# EXPECT: 20
# EXPECT: 400
# EXPECT: 1.4142135623730951
N = 10
M = N * 2
AREA = M * M
ROOT2 = sqrt(2.0)

def main():
    print(M)
    print(AREA)
    print(ROOT2)
