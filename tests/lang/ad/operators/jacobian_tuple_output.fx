# Pins: the Jacobian of f: f64 -> (f64, f64) is a tuple with the output's structure
# (shape out.shape + in.shape, out being a tuple).
# spec-silent: §6 gives the shape rule for tensors; for a tuple output the JAX structure (a
# tuple of per-output derivatives) is taken.
# EXPECT: (4.0, 12.0)
# EXPECT: (4.0, 12.0)
def f(x):
    return (x * x, x * x * x)

def main():
    print(jacfwd(f)(2.0))
    print(jacrev(f)(2.0))
