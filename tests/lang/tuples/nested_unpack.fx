# Pins: nested tuple unpacking `(a, b), c = t`.
# spec-silent: §4 shows `a, b = t`; nested targets are taken as Python's.
# EXPECT: 1 2 3
def main():
    (a, b), c = ((1, 2), 3)
    print(a, b, c)
