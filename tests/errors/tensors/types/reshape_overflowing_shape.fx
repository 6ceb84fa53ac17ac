# Pins: a reshape target whose element count overflows i64 is a compile error (the checker
# multiplies the extents with overflow checks), like any other size mismatch.
# EXIT: 1
# STDERR: {file}:7:18: error: cannot reshape a tensor of shape (6,) (6 elements) into shape (4611686018427387904, 4)

def main():
    print(reshape(arange(6), (4611686018427387904, 4)))
