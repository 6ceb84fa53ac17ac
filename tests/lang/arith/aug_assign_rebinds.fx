# Pins: `x += y` rebinds x only; a variable that held the old value keeps it (LANGUAGE.md §3).
# EXPECT: 1.0 11.0
# EXPECT: 3 1
def main():
    a = 1.0
    b = a
    a += 10.0
    print(b, a)
    n = 1
    m = n
    n += 2
    print(n, m)
