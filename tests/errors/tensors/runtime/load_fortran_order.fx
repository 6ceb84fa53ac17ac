# Pins: load of a Fortran-ordered .npy (NumPy writes these for F-contiguous arrays).
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/fortran.npy: Fortran-order arrays are not supported
def main():
    print(load("errors/tensors/runtime/data/fortran.npy"))
