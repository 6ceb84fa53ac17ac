# Pins: jvp with a struct primal takes a struct tangent of the same type (LANGUAGE.md §6).
# loss = (w x + b)^2 with x = 3 at (2, 1): r = 7; direction (1, 0): 2 r x = 42;
# direction (0, 1): 2 r = 14; direction (1, 1): 56.
# EXPECT: (49.0, 42.0)
# EXPECT: (49.0, 14.0)
# EXPECT: (49.0, 56.0)
struct Linear:
    w: f64
    b: f64

def loss(p):
    r = p.w * 3.0 + p.b
    return r * r

def main():
    p = Linear(2.0, 1.0)
    print(jvp(loss, (p,), (Linear(1.0, 0.0),)))
    print(jvp(loss, (p,), (Linear(0.0, 1.0),)))
    print(jvp(loss, (p,), (Linear(1.0, 1.0),)))
