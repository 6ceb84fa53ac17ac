# Pins: an argnums tuple that selects an i64 argument is a compile error naming i64, even
# when the other selected argument is an f64.
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*i64
def f(x, n):
    return x * n

def main():
    print(grad(f, argnums=(0, 1))(2.0, 3))
