# Pins: grad of a function whose output is a tensor of unknown rank at compile time is a
# located run-time error naming the tensor's shape (jacrev is the operator for it); an f32
# output (a rank-0 tensor at run time) is a scalar and gets the seed 1.0.
# fxref-skip: tensors are outside tests/property/fxref.py's scalar subset
# EXPECT: [3.0, 1.0]
# EXIT: 2
# STDERR: {file}:14:18: error: the function being differentiated must return a scalar f64 to take its gradient, found Tensor[f64, (2,)]
def f(v: Tensor[f64]):
    return v * 2.0

def main():
    x = astype([1.0, 3.0], f32)
    print(grad(lambda v: v[0] * v[1])(x))
    print(grad(f)([1.0, 2.0]))
