# Pins: output printed while evaluating EXPR comes first, then the value of EXPR.
# EXPECT: computing
# EXPECT: 5
# RUN: eval noisy(2) + 1
def noisy(x):
    print("computing")
    return x * 2
