# Pins: load of a .npy whose data ends early says how many elements the header promised and the
# file holds.
# EXIT: 2
# STDERR: {file}:6:15: error: errors/tensors/runtime/data/truncated.npy: truncated: header says 6 elements, file holds 3
def main():
    print(load("errors/tensors/runtime/data/truncated.npy"))
