import "lib/optim.fx"

@custom_vjp(fwd, bwd)
def clip(x: f64) -> f64:
    return x

def confusion(x):
    inner = grad(lambda y: x + y)(1.0)   # must be 1.0
    return x * inner

def main():
    print(derivative(derivative(derivative(sin)))(0.0), -x ** 2, 2 ** -1)
