# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# A function value that is one of several (a def, a builtin, lambdas; an `if` chose at run
# time), passed to a helper, captured by the differentiated lambda, held in a tuple: each
# derivative dispatches on which function the value holds (closure_is) and differentiates that
# function's clone for the call's signature. Once a located "not known ahead of time" error.
# act: relu (c > 1) or tanh; shaped: z*z*a (c > 3) or exp(z)*a, a = 1.5.
# EXPECT: Layer(w=[0.3932238664829637, 0.19661193324148185, -0.009866037165440211])
# EXPECT: Layer(w=[1.2365409530250961, 0.22744899739223753, -0.07468060255179591])
# EXPECT: 13.10100929747752
# EXPECT: 13.10100929747752
# EXPECT: 24.46453645613141
# EXPECT: Layer(w=[0.5, 0.0, -0.0])
# EXPECT: Layer(w=[1.2365409530250961, 0.22744899739223753, -0.07468060255179591])
# EXPECT: 13.10100929747752
# EXPECT: 13.10100929747752
# EXPECT: 24.46453645613141
# EXPECT: Layer(w=[0.5, 0.0, -0.0])
# EXPECT: Layer(w=[0.75, -0.375, 9.0])
# EXPECT: 9.0
# EXPECT: 9.0
# EXPECT: 6.75
# EXPECT: 3.0
# EXPECT: 2.6327476856711183
struct Layer:
    w: Tensor[f64, 1]

def relu(x):
    return where(x > 0.0, x, 0.0)

def apply(act, l: Layer, x: Tensor[f64, 1]) -> f64:
    return sum(act(l.w * x))

def sq(x):
    return x * x

def train(act, x: f64) -> f64:
    return grad(lambda w: act(w) * 3.0)(x)

def show(c: f64):
    a = 1.5
    acts = (relu if c > 1.0 else tanh, (lambda z: z * z * a) if c > 3.0 else (lambda z: exp(z) * a))
    l = Layer(w=[1.0, -2.0, 3.0])
    x = [0.5, 0.25, -1.0]
    print(grad(lambda l: apply(acts[0], l, x))(l))
    print(grad(lambda l: apply(acts[1], l, x))(l))
    f = acts[1]
    print(grad(lambda t: f(t) + sum(f([t, 2.0 * t])))(0.5))
    print(jacfwd(lambda t: f(t) + sum(f([t, 2.0 * t])))(0.5))
    print(hessian(lambda t: f(t) * f(t))(0.5))

def main():
    show(0.0)
    show(2.0)
    show(4.0)
    for c in [2.0, 0.0]:
        print(train(sq if c > 1.0 else sin, 0.5))
