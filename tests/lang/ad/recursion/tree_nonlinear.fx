# Pins: a non-linear recursive model over a tree (TreeLSTM-like shape): leaves tanh(w v),
# nodes left * right + w. Expected value derived by a hand-written chain rule in Python.
# EXPECT: value ok
# EXPECT: reverse ok
# EXPECT: forward ok
def check(what, got, want):
    if abs(got - want) <= 1e-9 * max(1.0, abs(want)):
        print(what, "ok")
    else:
        print(what, "got", got, "want", want)

enum Tree:
    Leaf(v: f64)
    Node(left: Tree, right: Tree)

def model(t, w):
    match t:
        case Leaf(v):
            return tanh(w * v)
        case Node(l, r):
            return model(l, w) * model(r, w) + w

def main():
    t = Node(Node(Leaf(1.0), Leaf(-2.0)), Leaf(0.5))
    check("value", model(t, 0.8), 0.8714221181694279)
    check("reverse", grad(lambda w: model(t, w))(0.8), 1.1886398322244631)
    check("forward", derivative(lambda w: model(t, w))(0.8), 1.1886398322244631)
