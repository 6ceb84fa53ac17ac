# Pins: a call of a function value that may be one of several functions must give every
# argument: the defaults are filled in where the called function is known.
# EXIT: 1
# STDERR: {file}:14:12: error: the function called here may be one of several, so every argument must be given: 'y' of f is left to its default

def f(x, y=1.0):
    return x * y

def g(x, z=2.0):
    return x + z

def main():
    h = f if arg(0, 1) > 0 else g
    print(h(1.0))
