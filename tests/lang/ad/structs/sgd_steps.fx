# Pins: a small training loop: gradient steps on a struct, rebuilt from the gradient each
# step. loss = (w x + b - y)^2 on one point (x = 1, y = 3) from (0, 0) with lr = 0.125:
# r = w + b - 3, both gradients are 2r, so w = b and r halves each step:
# r: -3, -1.5, -0.75, -0.375 -> w = b = (3 + r) / 2 = 1.3125 after three steps.
# EXPECT: Linear(w=1.3125, b=1.3125)
# EXPECT: 0.140625
struct Linear:
    w: f64
    b: f64

def loss(p):
    r = p.w * 1.0 + p.b - 3.0
    return r * r

def main():
    p = Linear(0.0, 0.0)
    for i in range(3):
        g = grad(loss)(p)
        p = Linear(p.w - 0.125 * g.w, p.b - 0.125 * g.b)
    print(p)
    print(loss(p))
