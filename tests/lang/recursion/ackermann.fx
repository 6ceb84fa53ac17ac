# Pins: deeply nested non-tail recursion with two arguments.
# EXPECT: 9
# EXPECT: 61
def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))

def main():
    print(ack(2, 3))
    print(ack(3, 3))
