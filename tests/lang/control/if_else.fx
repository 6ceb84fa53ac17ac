# Pins: if/else picks exactly one branch.
# EXPECT: big
# EXPECT: small
def describe(x):
    if x > 10:
        print("big")
    else:
        print("small")

def main():
    describe(11)
    describe(10)
