# Pins: argnums=() selects nothing: a compile error that asks for at least one argument.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*argnums must not be an empty tuple
def f(x, y):
    return x * y

def main():
    print(grad(f, argnums=())(1.0, 2.0))
