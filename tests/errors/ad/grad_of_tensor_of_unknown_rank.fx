# Pins: grad of a function whose output is a tensor of a rank not known ahead of time (its
# parameter is annotated Tensor[f64]) checks when it runs that the output is a scalar (ops.def
# grad_seed): a located error naming the output's shape, natively and in the interpreter,
# after what ran before it.
# RUN: run
# EXIT: 2
# EXPECT: [[2.0, 2.0], [2.0, 2.0]]
# STDERR: {file}:18:18: error: the function being differentiated must return a scalar f64 to take its gradient, found Tensor[f64, (2, 2)]
def f(v: Tensor[f64]):
    return sum(v * 2.0)

def g(v: Tensor[f64]):
    return v * 2.0

def main():
    x = reshape(ones(4), (arg(0, 2), 2))
    print(grad(f)(x))
    print(grad(g)(x))
