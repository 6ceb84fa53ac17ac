# Fluxion showcase: the scalar core of the language in one program.
# Run it with `make demo` or `build/fluxion run examples/showcase.fx`.

struct Particle:
    x: f64
    v: f64

enum Tree:
    Leaf(value: f64)
    Node(left: Tree, right: Tree)

# Newton's method: a loop whose trip count depends on the data.
def newton_sqrt(a):
    x = a
    while abs(x * x - a) > 1e-12:
        x = 0.5 * (x + a / x)
    return x

# Closures capture values when they are created.
def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def compose(f, g):
    return lambda x: f(g(x))

# Recursion over an enum, with an exhaustive match.
def tree_sum(t):
    match t:
        case Leaf(v):
            return v
        case Node(l, r):
            return tree_sum(l) + tree_sum(r)

def build(depth, start):
    if depth == 0:
        return Leaf(start)
    return Node(build(depth - 1, start), build(depth - 1, start + 2.0 ** (depth - 1)))

# A little physics: a damped spring, integrated until it comes to rest.
def simulate(p, dt):
    steps = 0
    while abs(p.x) > 1e-3 or abs(p.v) > 1e-3:
        p.v += dt * (-4.0 * p.x - 0.5 * p.v)   # updates p; other holders keep the old value
        p.x += dt * p.v
        steps += 1
        if steps >= 100000:
            break
    return p, steps

def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

# Derivatives of ordinary code: loops, closures, recursion, nested to any order.
def power(x, n):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def confusion(x):
    inner = grad(lambda y: x + y)(1.0)   # must be 1.0, whatever x is
    return x * inner

def energy(p):
    return 0.5 * p.v * p.v + 2.0 * p.x * p.x

def main():
    print("sqrt(2) by Newton:", newton_sqrt(2.0))
    triple = make_scaler(3.0)
    f = compose(triple, sin)
    print("3 sin(0.5) =", f(0.5))
    t = build(4, 1.0)
    print("sum of leaves 1..16 =", tree_sum(t))
    start = Particle(x=1.0, v=0.0)
    rest, steps = simulate(start, 0.01)
    print("spring at rest after", steps, "steps; start is still", start)
    print("fib(20) =", fib(20))
    print("d/da newton_sqrt(a) at 2 =", grad(newton_sqrt)(2.0), "vs exact", 0.5 / newton_sqrt(2.0))
    print("d/dx x**1000 at 1.0001, through a loop:", grad(power)(1.0001, 1000))
    print("gradient w.r.t. a captured variable:", grad(lambda k: make_scaler(k)(3.0))(2.0))
    print("no perturbation confusion:", grad(confusion)(3.0))
    print("third derivative of sin at 0:", derivative(derivative(derivative(sin)))(0.0))
    print("gradient of a struct:", grad(energy)(Particle(x=1.0, v=3.0)))
    print("hessian of x*x*y:", hessian(lambda x, y: x * x * y, argnums=(0, 1))(1.0, 2.0))
