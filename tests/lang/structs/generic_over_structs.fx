# Pins: an unannotated function accessing field `x` works for two different struct types
# (specialised per argument type).
# EXPECT: 3.0
# EXPECT: 7
struct P2:
    x: f64
    y: f64

struct Tagged:
    x: i64
    tag: bool

def get_x_plus(p, d):
    return p.x + d

def main():
    print(get_x_plus(P2(1.0, 5.0), 2.0))
    print(get_x_plus(Tagged(5, False), 2))
