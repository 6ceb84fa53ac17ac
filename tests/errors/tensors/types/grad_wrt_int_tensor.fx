# Pins: an integer tensor carries no derivative: grad with respect to one is a type error at the argument.
# EXIT: 1
# STDERR: {file}:5:44: error: grad: cannot differentiate with respect to argument 0 of type Tensor[i64, (3,)]; integer tensors carry no derivative: convert with astype(x, f64)
def main():
    g = grad(lambda v: sum(v * 1.0))(arange(3))
    print(g)
