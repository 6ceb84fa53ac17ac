# Pins: a tangent must have its primal's type (0.0 for an f64, LANGUAGE.md §6): an i64
# tangent for an f64 primal is a compile error naming both types.
# spec-silent: §2 allows i64 -> f64 promotion only in arithmetic; taken as JAX, which
# rejects an integer tangent for a float primal.
# EXIT: 1
# STDERR-RE: {file}:12:\d+: error:
# STDERR-RE: error: .*i64
def f(x):
    return x * x

def main():
    print(jvp(f, (1.0,), (1,)))
