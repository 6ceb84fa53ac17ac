# Pins: gradients w.r.t. a struct and a scalar together (argnums tuple), and w.r.t. the
# scalar only. loss = (w x + b)^2 at w = 2, b = 1, x = 3: r = 7.
# EXPECT: (Linear(w=42.0, b=14.0), 28.0)
# EXPECT: 28.0
struct Linear:
    w: f64
    b: f64

def loss(p, x):
    r = p.w * x + p.b
    return r * r

def main():
    print(grad(loss, argnums=(0, 1))(Linear(2.0, 1.0), 3.0))
    print(grad(loss, argnums=1)(Linear(2.0, 1.0), 3.0))
