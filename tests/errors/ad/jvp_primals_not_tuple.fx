# Pins: jvp's primals and tangents are tuples (LANGUAGE.md §6): bare floats are a compile
# error that mentions the tuple.
# spec-silent: JAX rejects a non-tuple too ("primal and tangent arguments to jax.jvp must
# be tuples or lists").
# EXIT: 1
# STDERR-RE: {file}:12:\d+: error:
# STDERR-RE: error: .*tuple
def f(x):
    return x * x

def main():
    print(jvp(f, 1.0, 1.0))
