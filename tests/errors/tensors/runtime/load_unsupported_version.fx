# Pins: load of a .npy of format version 9.0.
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/version9.npy: unsupported .npy version 9.0
def main():
    print(load("errors/tensors/runtime/data/version9.npy"))
