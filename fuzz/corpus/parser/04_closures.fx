def fact(n):
    return 1.0 if n <= 1 else n * fact(n - 1)

def make_scaler(k):
    def scale(x):
        return k * x
    return scale

def compose(f, g):
    return lambda x: f(g(x))
