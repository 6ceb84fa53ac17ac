# Pins: a struct carried through a while loop and updated field by field.
# EXPECT: State(x=1.414213562373095, iters=5)
struct State:
    x: f64
    iters: i64

def main():
    s = State(2.0, 0)
    while abs(s.x * s.x - 2.0) > 1e-12:
        s.x = 0.5 * (s.x + 2.0 / s.x)
        s.iters = s.iters + 1
    print(s)
