# Pins: load of a .npy of dtype uint8.
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/u8.npy: unsupported dtype '|u1' (supported: <f8, <f4, <i8, |b1)
def main():
    print(load("errors/tensors/runtime/data/u8.npy"))
