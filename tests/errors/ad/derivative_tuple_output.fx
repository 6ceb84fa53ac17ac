# Pins: derivative(f) needs a scalar -> scalar f (LANGUAGE.md §6): a tuple result is a
# compile error naming the type found and the operators that handle it (jvp, jacfwd).
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*\(f64, f64\).*(jvp|jacfwd)
def f(x):
    return (x, x * x)

def main():
    print(derivative(f)(2.0))
