struct Lin:
    w: Tensor[f64, 2]
    b: Tensor[f64, 1]

def scale(x, k=2.0, shift=-1, name="s", flag=True, none=None):
    return k * x + shift

def step(p: Lin, g: Lin, lr=0.1) -> Lin:
    return tree_map(lambda a, b: a - lr * b, p, g)

def main():
    m: Tensor[f64, 2] = load("m.npy")
    p = Lin(m, zeros(2))
    q = step(p, p)
    print(scale(1.0), scale(1.0, shift=3), q.w[0, 0], grad(lambda s: scale(s))(1.0))
