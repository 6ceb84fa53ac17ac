# Pins: an if/elif/elif/else chain takes the first true branch, else the else branch.
# EXPECT: negative
# EXPECT: zero
# EXPECT: small
# EXPECT: medium
# EXPECT: large
def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n < 10:
        return "small"
    elif n < 100:
        return "medium"
    else:
        return "large"

def main():
    print(classify(-5))
    print(classify(0))
    print(classify(7))
    print(classify(42))
    print(classify(1000))
