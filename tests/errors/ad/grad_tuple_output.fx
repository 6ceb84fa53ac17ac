# Pins: grad needs a scalar (f64) output; for a function returning a tuple the compile error
# points to the operators that handle it (jacrev or vjp).
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*(jacrev|vjp)
def f(x):
    return (x, x * x)

def main():
    print(grad(f)(1.0))
