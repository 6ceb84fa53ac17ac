# Pins: load of a file that is not .npy (bad magic bytes).
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/not_npy.npy: not a .npy file (bad magic bytes)
def main():
    print(load("errors/tensors/runtime/data/not_npy.npy"))
