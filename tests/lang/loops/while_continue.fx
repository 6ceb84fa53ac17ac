# Pins: `continue` in a while loop skips the rest of the body (the counter is updated first).
# EXPECT: 1
# EXPECT: 3
# EXPECT: 5
# EXPECT: sum 9
def main():
    i = 0
    s = 0
    while i < 6:
        i += 1
        if i % 2 == 0:
            continue
        print(i)
        s += i
    print("sum", s)
