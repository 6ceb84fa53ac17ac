# Pins: jvp needs one tangent per primal: tuples of different lengths are a compile error.
# EXIT: 1
# STDERR-RE: {file}:9:\d+: error:
# STDERR-RE: error: .*(tangent|primal)
def f(x, y):
    return x * y

def main():
    print(jvp(f, (1.0, 2.0), (1.0,)))
