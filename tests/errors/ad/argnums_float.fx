# Pins: argnums must be an int or a tuple of ints: a float is a compile error.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*argnums
def f(x, y):
    return x * y

def main():
    print(grad(f, argnums=1.0)(1.0, 2.0))
