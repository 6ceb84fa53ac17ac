# Pins: a derived function passes its arguments on unchanged: leaving out a parameter that has a
# default is a compile error that says how to differentiate with the default (a lambda).
# EXIT: 1
# STDERR: {file}:10:18: error: a derived function passes its arguments on unchanged, so it needs every argument of f: pass 'y', or differentiate a lambda that calls f (defaults are filled in there)

def f(x, y=1.0):
    return x * y

def main():
    print(grad(f)(2.0))
