# Pins: a field that does not influence the loss gets a zero gradient, materialised as 0.0.
# EXPECT: Params(a=6.0, unused=0.0)
struct Params:
    a: f64
    unused: f64

def loss(p):
    return p.a * p.a

def main():
    print(grad(loss)(Params(3.0, 100.0)))
