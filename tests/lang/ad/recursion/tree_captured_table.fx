# Pins: reverse mode through a recursion over an enum tree that captures a table it indexes at
# the leaves (the TreeLSTM's fixed embedding), and through a mutual recursion that does the
# same, differentiated with respect to the weights only: the recursive pullbacks' cotangents of
# the table, the tree and the node count are read by nobody (natively opt/dead_results.cpp drops
# them). The gradient agrees with forward mode and with central finite differences.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: loss 0.9692656084640893
# EXPECT: grad w [0.13418423153045483, -0.0079965255388667]
# EXPECT: reverse = forward ok
# EXPECT: reverse = finite differences ok
# EXPECT: mutual recursion ok
enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

# (state, count): the count is read only where the recursion adds it up.
def forward(w, table, t):
    match t:
        case Leaf(word):
            return tanh(w * table[word]), 1
        case Node(l, r):
            a, na = forward(w, table, l)
            b, nb = forward(w, table, r)
            return tanh(w * (a + b)), na + nb + 1

def loss(w, table, t):
    h, n = forward(w, table, t)
    return sum(h * h) + float(n) * 0.0

# Mutual recursion: even levels scale, odd levels shift; both read the table at the leaves.
def even(w, table, t):
    match t:
        case Leaf(word):
            return w * table[word]
        case Node(l, r):
            return tanh(w * (odd(w, table, l) + odd(w, table, r)))

def odd(w, table, t):
    match t:
        case Leaf(word):
            return table[word] + w
        case Node(l, r):
            return sin(even(w, table, l) * even(w, table, r))

def mutual_loss(w, table, t):
    return sum(even(w, table, t))

def close(a, b):
    return abs(a - b) <= 1e-6 * max(1.0, abs(b))

def agree(f, w, table, t):
    g = grad(f)(w, table, t)
    ok = True
    for i in range(len(w)):
        e = zeros(len(w))
        e[i] = 1.0
        fwd = jvp(lambda v: f(v, table, t), (w,), (e,))[1]
        h = 1e-6
        fd = (f(w + h * e, table, t) - f(w - h * e, table, t)) / (2.0 * h)
        ok = ok and close(g[i], fwd) and close(g[i], fd)
    return ok

def main():
    table = [[0.5, -0.25], [0.75, 0.5], [0.125, 0.25]]
    w = [1.5, -0.5]
    t = Node(Leaf(0), Node(Node(Leaf(2), Leaf(1)), Leaf(0)))
    value, g = value_and_grad(loss)(w, table, t)
    print("loss", value)
    print("grad w", g)
    ok_fwd = True
    for i in range(len(w)):
        e = zeros(len(w))
        e[i] = 1.0
        ok_fwd = ok_fwd and close(g[i], jvp(lambda v: loss(v, table, t), (w,), (e,))[1])
    print("reverse = forward", "ok" if ok_fwd else "differ")
    print("reverse = finite differences", "ok" if agree(loss, w, table, t) else "differ")
    print("mutual recursion", "ok" if agree(mutual_loss, w, table, t) else "differ")
