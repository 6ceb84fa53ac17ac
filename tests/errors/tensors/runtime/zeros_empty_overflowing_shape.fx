# Pins: whether the element count of a shape overflows does not depend on the order of its axes:
# the non-zero extents must multiply within i64 even when another extent is zero (as NumPy).
# EXIT: 2
# STDERR: {file}:7:16: error: cannot allocate a tensor of shape (0, 4611686018427387904, 4): the element count overflows

def main():
    print(zeros((0, 4611686018427387904, 4)))
