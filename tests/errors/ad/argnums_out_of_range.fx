# Pins: argnums naming an argument the function does not have is a compile error that
# mentions argnums.
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*argnums
def f(x, y):
    return x * y

def main():
    print(grad(f, argnums=2)(1.0, 2.0))
