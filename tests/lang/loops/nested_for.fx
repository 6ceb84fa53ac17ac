# Pins: nested for loops, the inner range depending on the outer variable.
# EXPECT: 10
# EXPECT: 36
def main():
    pairs = 0
    for i in range(5):
        for j in range(i):
            pairs += 1
    print(pairs)
    s = 0
    for i in range(1, 4):
        for j in range(1, 4):
            s += i * j
    print(s)
