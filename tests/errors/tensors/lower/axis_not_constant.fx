# Pins: the axis of a reduction decides the result's rank, so it must be written as an integer
# constant (or None); a variable is a compile error at the argument that says so.
# EXIT: 1
# STDERR: {file}:7:24: error: the axis of sum() must be an integer constant or None (e.g. axis=1 or axis=-1), found 'a', a value known only at run time
def total(x, a):
    # the error is at `a`
    return sum(x, axis=a)

def main():
    print(total([[1.0, 2.0], [3.0, 4.0]], 0))
