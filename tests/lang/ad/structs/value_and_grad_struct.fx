# Pins: value_and_grad over a struct parameter.
# EXPECT: (49.0, Linear(w=42.0, b=14.0))
struct Linear:
    w: f64
    b: f64

def loss(p, x):
    r = p.w * x + p.b
    return r * r

def main():
    print(value_and_grad(loss)(Linear(2.0, 1.0), 3.0))
