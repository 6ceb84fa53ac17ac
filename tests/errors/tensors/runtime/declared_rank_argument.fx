# Pins: a tensor of unknown rank passed for a parameter declared Tensor[f64, 2] has its rank
# checked on entry: a located run-time error at the annotation, naming the argument.
# EXIT: 2
# STDERR: {file}:6:14: error: argument 'm' is declared Tensor[f64, 2], found a tensor of another rank

def first(m: Tensor[f64, 2]) -> f64:
    return m[0, 0]

def main():
    print(first(load("lang/tensors/data/fortran_free_3d.npy")))
