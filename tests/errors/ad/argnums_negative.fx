# Pins: a negative argnums is a compile error that says arguments are counted from 0.
# spec-silent: JAX accepts negative argnums (counted from the end); Fluxion rejects them.
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*argnums -1 is out of range
def f(x, y):
    return x * y

def main():
    print(grad(f, argnums=-1)(1.0, 2.0))
