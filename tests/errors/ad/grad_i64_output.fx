# Pins: grad of a function returning i64 is a compile error: the output must be f64, and the
# message names the type found.
# EXIT: 1
# STDERR-RE: {file}:10:\d+: error:
# STDERR-RE: error: .*i64
def f(x):
    return int(x) * 2

def main():
    print(grad(f)(1.5))
