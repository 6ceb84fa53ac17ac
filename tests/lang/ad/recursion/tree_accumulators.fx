# Pins: reverse mode through a tree recursion whose parameters are matrices that only some
# nodes read (the leaves read `w_leaf`, the inner nodes `u` and `b`; every node reads `v`), and through a mutual recursion over two
# matrices. Natively the recursive pullback adds every node's cotangents into one accumulator
# per parameter that its calls pass on (opt/recursive_accumulators.cpp), in place: the gradient
# must agree with forward mode and with central finite differences, component by component,
# and a second gradient must not see the first one's buffers (both are kept and compared).
# tree_accumulators_interp.fx runs the same checks in the interpreter.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: loss 1.4324915942219798
# EXPECT: reverse = forward ok
# EXPECT: reverse = finite differences ok
# EXPECT: mutual recursion ok
# EXPECT: second gradient unchanged ok
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def cell(p, table, t):
    w_leaf, u, b, v = p
    match t:
        case Leaf(word):
            h = tanh(w_leaf @ table[word])
            return h, sum(v @ h)
        case Node(l, r):
            hl, sl = cell(p, table, l)
            hr, sr = cell(p, table, r)
            h = tanh(u @ (hl + 2.0 * hr) + b @ hl)
            return h, sl + sr + sum((v * v) @ h)

def loss(p, table, t):
    h, s = cell(p, table, t)
    return sum(h * h) + s

# Mutual recursion: even levels read `a`, odd levels `c`; both read the table at the leaves.
def even(q, table, t):
    a, c = q
    match t:
        case Leaf(word):
            return a @ table[word]
        case Node(l, r):
            return tanh(a @ (odd(q, table, l) + odd(q, table, r)))

def odd(q, table, t):
    a, c = q
    match t:
        case Leaf(word):
            return table[word] + c @ table[word]
        case Node(l, r):
            return sin(c @ (even(q, table, l) * even(q, table, r)))

def mutual_loss(q, table, t):
    return sum(even(q, table, t))

def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))

def basis(x, i, j):
    e = zeros_like(x)
    e[i, j] = 1.0
    return e

# Each matrix of the tuple p at position k, element (i, j): reverse against forward mode or
# central finite differences. part(p, k) is p's matrix k and rebuild(p, k, m) p with m there.
def check(f, part, rebuild, p, table, t, grads, k, forward):
    ok = True
    x = part(p, k)
    g = part(grads, k)
    for i in range(x.shape[0]):
        for j in range(x.shape[1]):
            e = basis(x, i, j)
            h = 1e-6
            if forward:
                d = jvp(lambda m: f(rebuild(p, k, m), table, t), (x,), (e,))[1]
            else:
                d = (f(rebuild(p, k, x + h * e), table, t) - f(rebuild(p, k, x - h * e), table, t)) / (2.0 * h)
            ok = ok and close(g[i, j], d)
    return ok

def with_part4(p, k, m):
    w_leaf, u, b, v = p
    if k == 0:
        return (m, u, b, v)
    if k == 1:
        return (w_leaf, m, b, v)
    if k == 2:
        return (w_leaf, u, m, v)
    return (w_leaf, u, b, m)

def part4(p, k):
    w_leaf, u, b, v = p
    if k == 0:
        return w_leaf
    if k == 1:
        return u
    if k == 2:
        return b
    return v

def part2(q, k):
    return q[0] if k == 0 else q[1]

def with_part2(q, k, m):
    a, c = q
    if k == 0:
        return (m, c)
    return (a, m)

def all_parts(f, part, rebuild, n, p, table, t, forward):
    g = grad(f)(p, table, t)
    ok = True
    for k in range(n):
        ok = ok and check(f, part, rebuild, p, table, t, g, k, forward)
    return ok

def checks():
    table = [[0.5, -0.25, 0.125], [0.75, 0.5, -0.5], [0.125, 0.25, 1.0]]
    w_leaf = [[0.3, -0.2, 0.1], [0.05, 0.4, -0.3]]
    u = [[0.6, -0.1], [0.2, 0.5]]
    b = [[0.1, 0.3], [-0.2, 0.4]]
    v = [[0.7, -0.4], [0.3, 0.2]]
    p = (w_leaf, u, b, v)
    t = Node(Leaf(0), Node(Node(Leaf(2), Leaf(1)), Leaf(0)))
    g1 = grad(loss)(p, table, t)
    print("loss", loss(p, table, t))
    print("reverse = forward", "ok" if all_parts(loss, part4, with_part4, 4, p, table, t, True) else "differ")
    print("reverse = finite differences", "ok" if all_parts(loss, part4, with_part4, 4, p, table, t, False) else "differ")
    q = ([[0.4, -0.3, 0.2], [0.1, 0.5, -0.2], [0.3, 0.1, 0.6]], [[0.2, 0.1, -0.4], [0.3, -0.1, 0.2], [0.5, 0.2, 0.1]])
    ok = all_parts(mutual_loss, part2, with_part2, 2, q, table, t, True) and all_parts(mutual_loss, part2, with_part2, 2, q, table, t, False)
    print("mutual recursion", "ok" if ok else "differ")
    before = (g1[0] + 0.0, g1[1] + 0.0, g1[2] + 0.0, g1[3] + 0.0)
    g2 = grad(loss)(p, table, t)
    same = True
    for k in range(4):
        a = part4(g1, k)
        same = same and sum(abs(a - part4(before, k))) == 0.0 and sum(abs(part4(g2, k) - a)) <= 1e-12
    print("second gradient unchanged", "ok" if same else "differ")

def main():
    checks()
