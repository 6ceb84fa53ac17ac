# The Fluxion side of the AOT test (run_aot_test.py): exported with `fluxion compile` and
# called from host.c on the host's own arrays.
struct Linear:
    w: Tensor[f64, 2]
    b: Tensor[f64, 1]

def dot(x: Tensor[f64, 1], y: Tensor[f64, 1]):
    return sum(x * y)

def power(x: f64, n: i64):
    r = 1.0
    for i in range(n):
        r = r * x
    return r

def predict(p: Linear, x: Tensor[f64, 1]):
    return tanh(p.w @ x + p.b)

def step(p: Linear, rate: f64):
    return Linear(w=p.w * (1.0 - rate), b=p.b)

def sum_and_product(x: f64, y: f64):
    return (x + y, x * y)

def floor_div(a: i64, b: i64):
    return a // b

def same(x: Tensor[f64, 1]):
    return x

def count_positive(x: Tensor[i64, 1]):
    n = 0
    for i in range(x.shape[0]):
        if x[i] > 0:
            n = n + 1
    return n

def report(x: f64):
    print("report", x)

def loss(x: f64):
    return x * x * 3.0

def main():
    print(dot([1.0, 2.0], [3.0, 4.0]))
