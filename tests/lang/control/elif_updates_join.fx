# Pins: several variables updated in different branches of an if/elif/else are all seen
# correctly after it (join of branch values).
# EXPECT: 1 0 0
# EXPECT: 0 1 0
# EXPECT: 0 0 1
def counts(x):
    neg = 0
    zero = 0
    pos = 0
    if x < 0:
        neg = 1
    elif x == 0:
        zero = 1
    else:
        pos = 1
    print(neg, zero, pos)

def main():
    counts(-2)
    counts(0)
    counts(9)
