# Pins: load of a .npy whose header dictionary is malformed.
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/bad_header.npy: corrupt header: expected True or False
def main():
    print(load("errors/tensors/runtime/data/bad_header.npy"))
