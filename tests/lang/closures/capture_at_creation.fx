# Pins: a closure captures the value of its free variable when it is created; rebinding the
# variable afterwards does not change the closure (LANGUAGE.md §3). Python would print 20.0.
# EXPECT: 4.0
# EXPECT: 20.0
# EXPECT: 7
def main():
    k = 2.0
    f = lambda x: k * x
    k = 10.0
    print(f(2.0))
    g = lambda x: k * x
    print(g(2.0))
    n = 7
    def get():
        return n
    n = 8
    print(get())
