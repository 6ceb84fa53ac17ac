# Pins: tuples can hold function values (builtins, closures), and the elements are callable.
# EXPECT: 0.0 1.0
# EXPECT: 2.0 3.0
def make_scaler(k):
    return lambda x: k * x

def main():
    fs = (sin, cos)
    print(fs[0](0.0), fs[1](0.0))
    gs = (make_scaler(2.0), make_scaler(3.0))
    print(gs[0](1.0), gs[1](1.0))
