# Pins: closures produced in a loop are carried across iterations with their own values.
# EXPECT: 101 102
# EXPECT: 10 20 30
def make_adder(n):
    return lambda x: x + n

def main():
    prev = make_adder(-1)
    cur = make_adder(-1)
    for i in range(3):
        prev = cur
        cur = make_adder(i)
    print(prev(100), cur(100))
    a = make_adder(0)
    b = make_adder(0)
    c = make_adder(0)
    for i in range(1, 4):
        if i == 1:
            a = make_adder(10 * i)
        elif i == 2:
            b = make_adder(10 * i)
        else:
            c = make_adder(10 * i)
    print(a(0), b(0), c(0))
