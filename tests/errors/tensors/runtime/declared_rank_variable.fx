# Pins: `m: Tensor[f64, 2] = load(path)` of a rank-3 file is a located run-time error at the
# annotation, naming the variable.
# EXIT: 2
# STDERR: {file}:7:8: error: variable 'm' is declared Tensor[f64, 2], found a tensor of another rank

def main():
    m: Tensor[f64, 2] = load("lang/tensors/data/fortran_free_3d.npy")
    print(m)
