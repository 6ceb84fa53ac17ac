# Pins: a decorator other than @custom_vjp / @custom_jvp is a compile error at its name
# that lists the decorators there are.
# EXIT: 1
# STDERR: {file}:6:2: error:
# STDERR-RE: error: .*'@memoize'.*custom_vjp
@memoize
def f(x):
    return x

def main():
    print(f(1.0))
