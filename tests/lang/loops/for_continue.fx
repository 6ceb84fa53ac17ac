# Pins: `continue` in a for loop moves to the next value of the loop variable.
# EXPECT: 1
# EXPECT: 3
# EXPECT: 5
# EXPECT: 22
def main():
    for i in range(6):
        if i % 2 == 0:
            continue
        print(i)
    s = 0
    for i in range(10):
        if i < 5:
            continue
        if i == 9:
            continue
        s += i - 1
    print(s)
