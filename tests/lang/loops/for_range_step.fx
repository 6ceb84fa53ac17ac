# Pins: `for i in range(a, b, step)` with a positive step; the end is exclusive.
# EXPECT: 0
# EXPECT: 3
# EXPECT: 6
# EXPECT: 9
# EXPECT: sum 25
def main():
    for i in range(0, 10, 3):
        print(i)
    s = 0
    for i in range(1, 10, 2):
        s += i
    print("sum", s)
