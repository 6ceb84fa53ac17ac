# Pins: a while loop whose trip count depends on the data (Collatz steps), if/else inside.
# EXPECT: 111
# EXPECT: 0
# EXPECT: 7
def steps(n):
    count = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        count += 1
    return count

def main():
    print(steps(27))
    print(steps(1))
    print(steps(3))
