# Pins: read_idx of a file that is not IDX.
# EXIT: 2
# STDERR: {file}:5:19: error: errors/tensors/runtime/data/not_npy.npy: not an IDX file: magic bytes are 74 68 69 73 (expected 00 00, a type code 08 09 0b 0c 0d 0e, and at most 8 dimensions)
def main():
    print(read_idx("errors/tensors/runtime/data/not_npy.npy"))
