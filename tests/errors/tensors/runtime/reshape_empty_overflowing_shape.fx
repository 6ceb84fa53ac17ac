# Pins: an empty tensor reshaped to extents whose non-zero product overflows is a run-time error
# (as NumPy's "array is too big"): its row-major strides would not fit in i64.
# EXIT: 2
# STDERR: {file}:7:18: error: cannot allocate an f64 tensor of shape (0, 4611686018427387904, 4): the byte count overflows

def main():
    print(reshape(zeros((2, 0)), (0, 4611686018427387904, 4)))
