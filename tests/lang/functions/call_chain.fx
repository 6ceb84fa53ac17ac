# Pins: nested calls as arguments of calls.
# EXPECT: 20
def f(x):
    return x + 1

def g(x):
    return x * 2

def h(x, y):
    return x + y

def main():
    print(h(g(f(3)), f(g(f(g(2))))) + 1)
