# Pins: vjp with a struct primal: the pullback returns a 1-tuple holding a struct cotangent.
# EXPECT: 49.0
# EXPECT: (Linear(w=42.0, b=14.0),)
# EXPECT: (Linear(w=21.0, b=7.0), 14.0)
struct Linear:
    w: f64
    b: f64

def loss(p, x):
    r = p.w * x + p.b
    return r * r

def main():
    y, pullback = vjp(lambda p: loss(p, 3.0), Linear(2.0, 1.0))
    print(y)
    print(pullback(1.0))
    y2, pullback2 = vjp(loss, Linear(2.0, 1.0), 3.0)
    print(pullback2(0.5))
