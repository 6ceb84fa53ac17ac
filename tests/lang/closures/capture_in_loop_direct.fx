# Pins: closures created in a loop each keep their own iteration's value: the closure made
# in iteration i-1 still sees i-1 when called in iteration i (Python's late binding would
# print 101 102 102).
# EXPECT: 100
# EXPECT: 101
# EXPECT: 102
def main():
    for i in range(3):
        if i > 0:
            print(f(100))
        f = lambda x: x + i
    print(f(100))
