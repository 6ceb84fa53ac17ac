# Pins: a function containing a loop, called many times from another loop.
# EXPECT: 385
def square_by_adding(n):
    s = 0
    for i in range(n):
        s += n
    return s

def main():
    total = 0
    for k in range(1, 11):
        total += square_by_adding(k)
    print(total)
