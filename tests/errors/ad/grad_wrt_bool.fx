# Pins: booleans carry no derivative: a gradient w.r.t. a bool argument is a compile error
# naming bool (LANGUAGE.md §6).
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*bool
def f(b, x):
    return x if b else 0.0

def main():
    print(grad(f)(True, 1.0))
