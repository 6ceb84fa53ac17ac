# Pins: bwd must return one cotangent per argument of the decorated function
# (LANGUAGE.md §6); two cotangents for a one-argument function is a compile error.
# EXIT: 1
# STDERR-RE: {file}:\d+:\d+: error:
# STDERR-RE: error: .*(cotangent|bwd|tuple|argument)
def sq_fwd(x):
    return (x * x, x)

def sq_bwd(x, ct):
    return (2.0 * x * ct, 0.0)

@custom_vjp(sq_fwd, sq_bwd)
def sq(x):
    return x * x

def main():
    print(grad(sq)(3.0))
