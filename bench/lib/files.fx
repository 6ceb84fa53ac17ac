# Reading a benchmark's inputs from a directory of .npy files, one per named array (the
# GradBench tool writes them so).

def input_path(dir: str, name: str):
    return dir + "/" + name + ".npy"

def load_vector(dir: str, name: str):
    v: Tensor[f64, 1] = load(input_path(dir, name))
    return v

def load_matrix(dir: str, name: str):
    m: Tensor[f64, 2] = load(input_path(dir, name))
    return m

def load_indices(dir: str, name: str):
    v: Tensor[i64, 1] = load(input_path(dir, name), dtype=i64)
    return v

# A number is stored as a vector of one element.
def load_number(dir: str, name: str):
    return load_vector(dir, name)[0]

def load_count(dir: str, name: str):
    return int(load_number(dir, name))
