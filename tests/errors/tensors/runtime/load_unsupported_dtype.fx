# Pins: load of a .npy of a dtype Fluxion does not have (complex128).
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/c16.npy: unsupported dtype '<c16' (supported: <f8, <f4, <i8, <i4, <i2, |i1, <u4, <u2, |u1, |b1)
def main():
    print(load("errors/tensors/runtime/data/c16.npy"))
