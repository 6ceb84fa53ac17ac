# Pins: continue and break in the same loop body, after and before updates.
# EXPECT: 1 3 5 7
def main():
    a = 0
    b = 0
    c = 0
    d = 0
    n = 0
    for i in range(100):
        if i % 2 == 0:
            continue
        if n == 0:
            a = i
        elif n == 1:
            b = i
        elif n == 2:
            c = i
        else:
            d = i
        n += 1
        if n == 4:
            break
    print(a, b, c, d)
