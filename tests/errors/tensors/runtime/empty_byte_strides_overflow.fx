# Pins: an empty tensor whose non-zero extents times the itemsize overflow is refused when it is
# made, so that a strided view of it never computes an overflowing byte stride (printing one did).
# EXIT: 2
# STDERR: {file}:7:16: error: cannot allocate an f64 tensor of shape (4611686018427387904, 0): the byte count overflows

def main():
    print(zeros((4611686018427387904, 0))[::2305843009213693952])
