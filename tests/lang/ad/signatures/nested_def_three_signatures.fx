# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# Nested defs called through parameters at several signatures (i64, f64, a tensor; a struct),
# one capturing a variable; first- and second-order derivatives of each.
# EXPECT: 12
# EXPECT: [4.0, 8.0]
# EXPECT: 12.0
# EXPECT: 4.0
# EXPECT: [4.0, 4.0]
# EXPECT: P(x=4.0, y=6.0)
struct P:
    x: f64
    y: f64

def twice(f, v):
    return f(f(v))

def main():
    k = 3.0
    m = 2
    def scale(v):
        return v * m
    def norm2(p):
        return k * (p.x * p.x + p.y * p.y)
    print(twice(scale, 3))
    print(twice(scale, [1.0, 2.0]))
    print(grad(lambda t: twice(scale, t) * t)(1.5))
    print(grad(grad(lambda t: apply1(scale, t) * t))(0.5))
    print(grad(lambda v: sum(twice(scale, v)))([5.0, 6.0]))
    print(grad(lambda p: norm2(p) / k)(P(x=2.0, y=3.0)))

def apply1(f, v):
    return f(v)
