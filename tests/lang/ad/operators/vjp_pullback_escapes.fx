# Pins: a pullback is an ordinary function value: it can be returned from a function, stored
# and called later, after the function that made it has returned.
# EXPECT: 27.0
# EXPECT: (27.0,)
# EXPECT: (54.0,)
def cube(x):
    return x * x * x

def linearize_at(x):
    y, pullback = vjp(cube, x)
    return pullback

def main():
    pb = linearize_at(3.0)
    print(cube(3.0))
    print(pb(1.0))
    print(pb(2.0))
