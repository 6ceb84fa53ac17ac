# Pins: constants as loop bounds and in recursive functions.
# EXPECT: 15
# EXPECT: 5
STEPS = 5

def count_down(n):
    return 0 if n == 0 else 1 + count_down(n - 1)

def main():
    s = 0
    for i in range(STEPS + 1):
        s += i
    print(s)
    print(count_down(STEPS))
