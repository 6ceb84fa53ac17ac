# The optimiser's effect on primal code (docs/opt.md): a loop of 10^7 iterations that calls
# small helpers on tuples and structs — what the inliner, projection and DCE remove. Run it
# natively with and without the optimiser, once to fill the compile cache, then timed (the
# native back end has no clock() yet; not a timed test):
#   time fluxion run bench/opt/helpers.fx       time fluxion run --opt=0 bench/opt/helpers.fx
struct Vec2:
    x: f64
    y: f64

def add(a, b):
    return Vec2(x=a.x + b.x, y=a.y + b.y)

def scale(a, k):
    return Vec2(x=a.x * k, y=a.y * k)

def dot(a, b):
    return a.x * b.x + a.y * b.y

def step(p, v, dt):
    q = add(p, scale(v, dt))
    return (q, dot(q, q))

def work(n: i64):
    p = Vec2(x=1.0, y=0.0)
    v = Vec2(x=0.0, y=1.0)
    total = 0.0
    for i in range(n):
        r = step(p, v, 1e-7)
        p = r[0]
        total = total + r[1] * 1.0
    return total

def main():
    print(work(arg(0, 10000000)))
