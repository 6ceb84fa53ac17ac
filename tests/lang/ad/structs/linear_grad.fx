# Pins: grad(loss)(p, x) with a struct p of f64 fields returns a struct of the same type
# holding the gradients (LANGUAGE.md §7), printed as a struct.
# loss = (w x + b - 1)^2 at w = 2, b = 1, x = 3: r = 6, dw = 2 r x = 36, db = 2 r = 12.
# EXPECT: Linear(w=36.0, b=12.0)
# EXPECT: 36.0 12.0
struct Linear:
    w: f64
    b: f64

def loss(p, x):
    r = p.w * x + p.b - 1.0
    return r * r

def main():
    g = grad(loss)(Linear(2.0, 1.0), 3.0)
    print(g)
    print(g.w, g.b)
