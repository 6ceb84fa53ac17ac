# Pins: range bounds and step may be arbitrary i64 expressions, evaluated once.
# EXPECT: 10
# EXPECT: 4
# EXPECT: 2
def main():
    n = 5
    c1 = 0
    for i in range(n * 2):
        c1 += 1
    print(c1)
    lo = 0
    hi = 6
    c2 = 0
    for i in range(lo + 1, hi - 1):
        c2 += 1
    print(c2)
    c3 = 0
    for i in range(0, n, n // 2 + 1):
        c3 += 1
    print(c3)
