# A second derivative of a function whose output is a tensor of a rank not known ahead of time
# (its parameter is annotated Tensor[f64], so v[0] has no known rank): the inner grad's seed
# is checked when it runs (ops.def grad_seed) also under the outer transform, whose rule for
# the seed is the zero one (src/ad/templates.cpp). h(v) = v0^3: grad = [3 v0^2, 0], and at
# v = [3, 3] its derivative along [1, 1] is [6 v0, 0] = [18, 0], as is the gradient of its
# first entry; along s, grad(h)(x s)[0] = 27 s^2 has derivative 54 at s = 1.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [27.0, 0.0]
# EXPECT: ([27.0, 0.0], [18.0, 0.0])
# EXPECT: [18.0, 0.0]
# EXPECT: 54.0
def h(v: Tensor[f64]):
    return v[0] * v[0] * v[0]

def main():
    x = ones(2) * 3.0
    print(grad(h)(x))
    print(jvp(grad(h), (x,), (ones(2),)))
    print(grad(lambda y: grad(h)(y)[0])(x))
    print(derivative(lambda s: grad(h)(x * s)[0])(1.0))
