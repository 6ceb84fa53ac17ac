# Pins: load(path.npz, like) where the archive lacks one of like's fields.
# EXIT: 2
# STDERR: {file}:9:15: error: errors/tensors/runtime/data/w_only.npz has no entry 'b' (it holds: w)
struct P:
    w: Tensor[f64]
    b: Tensor[f64]

def main():
    print(load("errors/tensors/runtime/data/w_only.npz", P(zeros(4), zeros(2))))
