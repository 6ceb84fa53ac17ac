# Pins: an identity function specialised at i64, f64, bool, a tuple, a struct and an enum.
# EXPECT: 1
# EXPECT: 2.5
# EXPECT: True
# EXPECT: (1, 2.0)
# EXPECT: P(v=1.0)
# EXPECT: Leaf(4)
struct P:
    v: f64

enum Tree:
    Leaf(word: i64)
    Node(left: Tree, right: Tree)

def ident(x):
    return x

def main():
    print(ident(1))
    print(ident(2.5))
    print(ident(True))
    print(ident((1, 2.0)))
    print(ident(P(1.0)))
    print(ident(Leaf(4)))
