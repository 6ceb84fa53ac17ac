# Pins: composing two closures yields a closure over closures.
# EXPECT: 8.0
def make_scaler(k):
    return lambda x: k * x

def make_adder(c):
    return lambda x: x + c

def compose(f, g):
    return lambda x: f(g(x))

def main():
    print(compose(make_scaler(2.0), make_adder(1.0))(3.0))
