# Pins: a derivative of grad(g), where g's output is a tensor of a rank not known ahead of time,
# checks when it runs that the output is a scalar, as grad(g) alone does
# (grad_of_tensor_of_unknown_rank.fx): a located error naming the output's shape, natively
# and in the interpreter, after what ran before it.
# RUN: run
# EXIT: 2
# EXPECT: [18.0, 0.0]
# STDERR: {file}:19:14: error: the function being differentiated must return a scalar f64 to take its gradient, found Tensor[f64, (2,)]
def h(v: Tensor[f64]):
    return v[0] * v[0] * v[0]

def g(v: Tensor[f64]):
    return v * 2.0

def main():
    x = ones(2) * 3.0
    print(jvp(grad(h), (x,), (ones(2),))[1])
    y = x
    print(jvp(grad(g), (y,), (ones(2),)))
