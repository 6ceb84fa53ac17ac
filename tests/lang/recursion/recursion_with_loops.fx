# Pins: a recursive function whose body contains a loop that makes recursive calls.
# EXPECT: 42
# EXPECT: 1
def partitions(n, max_part):
    if n == 0:
        return 1
    total = 0
    for k in range(1, min(n, max_part) + 1):
        total += partitions(n - k, k)
    return total

def main():
    print(partitions(10, 10))
    print(partitions(0, 3))
