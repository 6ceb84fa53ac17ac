# Pins: a return in one branch ends the function; the other branch falls through to the code
# after the if.
# EXPECT: 0
# EXPECT: 30
# EXPECT: 12
def f(x):
    if x == 0:
        return 0
    y = x * 3
    if y > 20:
        return y
    return y + 3

def main():
    print(f(0))
    print(f(10))
    print(f(3))
