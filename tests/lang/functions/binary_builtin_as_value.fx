# Pins: the two-argument builtins max and min are function values too.
# spec-silent: §4 shows compose(sin, cos); passing max/min as values is assumed likewise.
# EXPECT: 9
# EXPECT: 1
def fold3(f, a, b, c):
    return f(f(a, b), c)

def main():
    print(fold3(max, 4, 9, 2))
    print(fold3(min, 4, 1, 2))
