# Pins: adding tensors whose shapes do not broadcast, (2,) + (3,), is a run-time error at the
# operator when the shapes are not known at compile time (a function parameter's extents are not
# tracked).
# EXIT: 2
# STDERR: {file}:7:14: error: cannot broadcast shapes (2,) and (3,)
def add(a, b):
    return a + b

def main():
    print(add([1.0, 2.0], [1.0, 2.0, 3.0]))
