# Pins: a loop of a million iterations finishes well within the test timeout (the loop
# primitive must not grow the stack or leak per iteration).
# EXPECT: 499999500000
def main():
    s = 0
    for i in range(1000000):
        s += i
    print(s)
