# Pins: tensors have the attributes shape, ndim and T only; another is a type error at the `.`.
# EXIT: 1
# STDERR: {file}:6:12: error: a tensor has no attribute 'size': expected shape, ndim or T
def main():
    m = zeros((2, 2))
    print(m.size)
