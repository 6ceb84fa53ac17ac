# Pins: arithmetic on bool tensors is a compile error (NumPy's `+` would be logical or) that names
# the source's operator once, with both dtypes.
# EXIT: 1
# STDERR: {file}:8:18: error: +: arithmetic on bool is not supported (got bool and bool)
# STDERR-RE: supported \(got bool and bool\)$

def main():
    print([True] + [True])
