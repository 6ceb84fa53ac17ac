# Pins: load of a .npy cut inside its header.
# EXIT: 2
# STDERR: {file}:5:15: error: errors/tensors/runtime/data/header_only.npy: truncated: incomplete header
def main():
    print(load("errors/tensors/runtime/data/header_only.npy"))
