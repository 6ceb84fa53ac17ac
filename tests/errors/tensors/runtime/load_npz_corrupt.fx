# Pins: load of a .npz whose entry fails its CRC check.
# EXIT: 2
# STDERR: {file}:9:15: error: errors/tensors/runtime/data/corrupt.npz: CRC mismatch in entry 'w.npy' (corrupt data)
struct P:
    w: Tensor[f64]
    b: Tensor[f64]

def main():
    print(load("errors/tensors/runtime/data/corrupt.npz", P(zeros(1), zeros(1))))
