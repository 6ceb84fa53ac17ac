# Pins: field updates inside a differentiated function (value semantics, LANGUAGE.md §3):
# q = p; q.w = q.w * q.w leaves p unchanged; loss = q.w * p.w = w^3, derivative 3 w^2;
# loss2 updates a field of its parameter in a loop with `+=`.
# EXPECT: Linear(w=12.0, b=0.0)
# EXPECT: Linear(w=14.0, b=1.0)
struct Linear:
    w: f64
    b: f64

def loss(p):
    q = p
    q.w = q.w * q.w
    return q.w * p.w

def loss2(p):
    for i in range(2):
        p.b += p.w
    return p.b + loss(p)

def main():
    print(grad(loss)(Linear(2.0, 5.0)))
    # b + 2 w after the loop, plus w^3: d/dw = 2 + 3 w^2 = 14, d/db = 1
    print(grad(loss2)(Linear(2.0, 5.0)))
