# Pins: a pullback takes a cotangent with the output's structure (an f64 here): a tuple is a
# compile error.
# EXIT: 1
# STDERR-RE: {file}:11:\d+: error:
# STDERR-RE: error: .*(f64|tuple)
def f(x):
    return x * x

def main():
    y, pullback = vjp(f, 2.0)
    print(pullback((1.0, 1.0)))
