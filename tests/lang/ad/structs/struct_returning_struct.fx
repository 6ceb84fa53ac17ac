# Pins: gradients flow through a function that takes a struct and returns a new struct.
# step(p) = Linear(2w, b + w); loss = q.w * q.b = 2w (b + w) = 2wb + 2w^2:
# d/dw = 2b + 4w = 2 + 8 = 10 at w = 2, b = 1; d/db = 2w = 4.
# EXPECT: Linear(w=10.0, b=4.0)
# EXPECT: Linear(w=4.0, b=3.0)
struct Linear:
    w: f64
    b: f64

def step(p):
    return Linear(p.w * 2.0, p.b + p.w)

def loss(p):
    q = step(p)
    return q.w * q.b

def main():
    print(grad(loss)(Linear(2.0, 1.0)))
    print(step(Linear(2.0, 1.0)))
