# Pins: third derivatives through a recursion that matches over an enum (the pullback of each
# level is one of the match's codes), ahead of time, in every mix of the modes. For
# Link(1, Link(2, End(3))), f(x) = sin(x) + sin(2x) + 3x^3, so f'''(x) = -cos(x) - 8 cos(2x)
# + 18, hand-derived.
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: True
# EXPECT: True
enum Chain:
    End(c: f64)
    Link(w: f64, rest: Chain)

def ev(t, x):
    match t:
        case End(c):
            return c * x * x * x
        case Link(w, rest):
            return sin(w * x) + ev(rest, x)

def main():
    t = Link(1.0, Link(2.0, End(3.0)))
    f = lambda x: ev(t, x)
    x = 0.5
    want = -cos(x) - 8.0 * cos(2.0 * x) + 18.0
    print(abs(grad(grad(grad(f)))(x) - want) < 1e-12)
    print(abs(jvp(grad(grad(f)), (x,), (1.0,))[1] - want) < 1e-12)
    print(abs(derivative(derivative(derivative(f)))(x) - want) < 1e-12)
    print(abs(derivative(grad(derivative(f)))(x) - want) < 1e-12)
    print(abs(grad(derivative(grad(f)))(x) - want) < 1e-12)
